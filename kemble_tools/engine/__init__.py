"""The game-free engine: `kernel/` runs any game's rules as frames of paused steps on a stack
inside a plain frozen state (choices, chance, hook dispatch). Each game's rules live in its
plugin package and run on this kernel."""
