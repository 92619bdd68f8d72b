"""The game-free core: the registry through which the stages find the games they serve."""
