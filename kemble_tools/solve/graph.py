"""The round-level graph a search explored, measured with networkx.

Nodes are the search's nodes (a round begins, chance draws, the game ends) plus one sink, `win`,
that every won ending leads to. A node is *winning* when a win is still possible from it. On the
winning subgraph, which is acyclic, the analysis counts winning lines by dynamic programming in
topological order (paths are never enumerated), finds the critical rounds as the dominators of
the sink (states every winning line passes through) and measures the lines' lengths.

Difficulty (docs/solver.md): "perfection" when the analysis is complete and at most 5 winning
lines exist; otherwise a band read from how much searching the solver needed to find its first
winning line (engine states generated, `effort`): the more of the game's choices lose, the more
it must try first. "easy" below 30,000 states, "medium" below 300,000, "hard" above, unless the
game's solver says otherwise (`SoloGame.effort_bands`: a solver that cuts lost lines short
reaches its first win in fewer states, so its bands are lower).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import networkx as nx

from kemble_tools.fileio import write_atomic

WIN = "win"
BANDS = ("easy", "medium", "hard", "perfection")


def build(search: Any) -> nx.DiGraph:
    """Each node with its round, kind, margin (named by the game: Kemble's `energy`), chance
    of winning and whether a win is possible."""
    graph = nx.DiGraph()
    margin = search.game.margin_name
    by_id = {node.id: node for node in search.nodes.values()}
    for node in by_id.values():
        value = node.value
        data = {
            "round": node.round,
            "kind": node.kind,
            margin: node.margin,
            "probability": value.probability if value is not None else -1.0,
            "winning": bool(value is not None and value.probability > 0),
        }
        graph.add_node(node.id, **data)
    sink = {"round": -1, "kind": "sink", margin: 0, "probability": 1.0, "winning": True}
    graph.add_node(WIN, **sink)
    for node in by_id.values():
        for target in node.edges:
            graph.add_edge(node.id, target)
        if node.kind == "won":
            graph.add_edge(node.id, WIN)
    return graph


def analyse(
    search: Any, witness: list[str] | None, complete: bool, effort: int
) -> tuple[dict[str, Any], Any]:
    graph = build(search)
    root = search.root.id
    winning = [n for n, data in graph.nodes(data=True) if data["winning"]]
    result: dict[str, Any] = {
        "complete": complete,  # False: a limit stopped the exploration; counts are lower bounds
        "effort": effort,  # engine states the solver generated until its first winning line
        "round_nodes": graph.number_of_nodes() - 1,
        "winning_nodes": len(winning) - 1,
        "winning_share": _share(graph, winning) if complete else None,
    }
    if not graph.nodes[root]["winning"]:
        result.update(
            winning_lines=0, winning_first_turns=0, critical_rounds=[], difficulty="unwinnable"
        )
        return result, graph
    wins = graph.subgraph(winning).copy()
    lines = _count_lines(wins, root)
    endings = [n for n in wins.predecessors(WIN)]
    start = graph.nodes[root]["round"]
    rounds = [graph.nodes[n]["round"] - start + 1 for n in endings]
    # Cut short, the analysis knows lower bounds of the counts (`complete` says so), but not
    # the critical rounds nor the shortest win: they may lie in what it did not explore.
    # Unknown is null, not a guess.
    result.update(
        winning_lines=lines,
        winning_first_turns=wins.out_degree(root),
        critical_rounds=_critical_rounds(graph, wins, root) if complete else None,
        shortest_win_rounds=min(rounds) if complete else None,
        longest_win_rounds=max(rounds),
        **{f"{search.game.margin_name}_margin": _margin(search)},
        witness_actions=len(witness) if witness else None,
    )
    result["explored_through_round"] = None if complete else search.explored_through
    result["difficulty"] = difficulty(result, getattr(search.game, "effort_bands", EFFORT_BANDS))
    return result, graph


def _critical_rounds(graph: nx.DiGraph, wins: nx.DiGraph, root: Any) -> list[int]:
    """Rounds where every winning line passes through one state: the dominators of the sink
    in the winning subgraph (known only when the analysis is complete)."""
    dominators = nx.immediate_dominators(wins, root)
    chain, node = [], dominators.get(WIN)
    while node is not None and node != root:
        chain.append(node)
        node = dominators.get(node)
    return sorted({graph.nodes[n]["round"] for n in chain if graph.nodes[n]["kind"] == "round"})


def _share(graph: nx.DiGraph, winning: list[Any]) -> float:
    """Of the rounds a player can play from a position that can still be won, the share that
    keeps the win possible: near 1 forgives, near 0 demands perfection."""
    options = [
        (source, target)
        for source in winning
        if source != WIN and graph.nodes[source]["kind"] == "round"
        for target in graph.successors(source)
    ]
    kept = sum(1 for _, target in options if graph.nodes[target]["winning"])
    return round(kept / len(options), 4) if options else 0.0


def _count_lines(wins: nx.DiGraph, root: Any) -> int:
    """Distinct winning lines from `root`, by dynamic programming over the acyclic graph."""
    count: dict[Any, int] = {WIN: 1}
    for node in reversed(list(nx.topological_sort(wins))):
        if node != WIN:
            count[node] = sum(count.get(target, 0) for target in wins.successors(node))
    return count.get(root, 0)


def _margin(search: Any) -> int | None:
    """The least margin (Kemble: the ship's energy) at the start of a round along the best
    line."""
    by_id = {node.id: node for node in search.nodes.values()}
    node, least = search.root, None
    seen = set()
    while node is not None and node.id not in seen:
        seen.add(node.id)
        if node.kind == "round":
            least = node.margin if least is None else min(least, node.margin)
        node = by_id.get(node.best) if node.best is not None else None
    return least


EFFORT_BANDS = (30_000, 300_000)  # effort below which a scenario is easy, medium (docstring)
PERFECTION_LINES = 5  # at most this many winning lines, all known: "perfection"


def difficulty(measures: dict[str, Any], bands: tuple[int, int] = EFFORT_BANDS) -> str:
    """The band (module docstring)."""
    if measures["complete"] and measures["winning_lines"] <= PERFECTION_LINES:
        return "perfection"
    effort = measures["effort"]
    easy, medium = bands
    if effort < easy:
        return "easy"
    return "medium" if effort < medium else "hard"


def export(graph: nx.DiGraph, path: Any) -> None:
    """GraphML, or Graphviz DOT when the file name ends in .dot."""
    target = Path(path)
    labelled = nx.relabel_nodes(graph, {n: str(n) for n in graph.nodes})
    if target.suffix == ".dot":
        from networkx.drawing.nx_pydot import to_pydot

        text = to_pydot(labelled).to_string()
    else:
        text = "\n".join(nx.generate_graphml(labelled)) + "\n"
    write_atomic(target, text)
