// The replay viewer: frames made by the rules engine (kemble_tools/site/replay.py), one per
// action; ← → step an action, Page Up / Page Down a turn, Home / End the ends.
(function () {
  "use strict";
  const frames = JSON.parse(document.getElementById("replay-data").textContent);
  const board = document.getElementById("board");
  const players = document.getElementById("players");
  const events = document.getElementById("events");
  const position = document.getElementById("position");
  const stateJson = document.getElementById("state-json");
  let index = 0;

  // A turn starts at the start and with each frame after an action that begins a turn (the
  // game's PlayHooks.turn_words mark those frames); a game without turns steps action by action.
  const turnStarts = frames.map((frame, i) => (i === 0 || frame.turn ? i : -1)).filter((i) => i >= 0);

  function element(tag, attributes, text) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) node.setAttribute(name, value);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // A game whose view has no grid of cells gives its board as text (PlayHooks.view).
  function drawText(frame) {
    const td = element("td");
    td.append(element("pre", { class: "board-text" }, frame.text || ""));
    board.replaceChildren(element("tr", {}));
    board.firstChild.append(td);
  }

  function drawBoard(frame) {
    if (!frame.cells) return drawText(frame);
    board.replaceChildren();
    frame.cells.forEach((row, r) => {
      const tr = element("tr", { "data-row": r + 1 });
      tr.append(element("th", {}, String(r + 1)));
      const cards = frame.state.rows[r];
      row.forEach((cell, c) => {
        const classes = [c % 2 === 0 ? "card-edge" : "", cell.object === "empty" ? "vacant" : "",
          cell.covered ? "covered" : ""].filter(Boolean).join(" ");
        const td = element("td", {
          class: classes, "data-object": cell.object, "data-card": cards[Math.floor(c / 2)],
          "data-position": (r + 1) + "," + (c + 1), title: cell.object + " (" + cards[Math.floor(c / 2)] + ")",
        });
        td.append(element("span", { class: "mark" }, cell.mark));
        if (cell.energy !== null && cell.energy !== undefined) td.append(element("small", {}, " " + cell.energy));
        if (cell.threat) td.append(element("small", {}, "!".repeat(cell.threat)));
        if (cell.ship) td.append(element("span", { class: "ship", "data-ship": cell.ship }, cell.ship));
        tr.append(td);
      });
      board.append(tr);
    });
  }

  function drawPlayers(frame) {
    players.replaceChildren();
    if (!frame.cells) return;  // the players are on the board as text
    const head = element("tr");
    for (const name of ["", "energy", "threat", "glory", "Bellonium", "position", "facing"]) head.append(element("th", {}, name));
    players.append(head);
    for (const player of frame.state.players) {
      const tr = element("tr", { "data-player": player.id });
      const where = player.position ? player.position.join(",") : (player.astral ? "astral" : "outside");
      for (const value of [player.id, player.energy + "/" + player.max_energy, player.threat_points,
        player.glory, player.bellonium, where, player.facing]) tr.append(element("td", {}, String(value)));
      players.append(tr);
    }
  }

  function show(i) {
    index = Math.max(0, Math.min(frames.length - 1, i));
    const frame = frames[index];
    drawBoard(frame);
    drawPlayers(frame);
    events.replaceChildren(...frame.events.map((text) => element("li", {}, text)));
    const state = frame.state;
    // a game's view may say where play stands (`where`); else the round and phase of its state
    const where = frame.where !== undefined ? " · " + frame.where
      : state.round === undefined ? "" : " · round " + state.round + " · " + state.phase;
    position.textContent = "step " + index + " / " + (frames.length - 1) + where +
      " · " + state.outcome + (index ? " · " + frame.action : "");
    position.dataset.step = String(index);
    position.dataset.outcome = state.outcome;
    stateJson.textContent = JSON.stringify(state, null, 2);
    if (location.hash !== "#step-" + index) history.replaceState(null, "", "#step-" + index);
  }

  function turn(direction) {
    if (direction > 0) {
      const next = turnStarts.find((i) => i > index);
      show(next === undefined ? frames.length - 1 : next);
    } else {
      const previous = turnStarts.filter((i) => i < index).pop();
      show(previous === undefined ? 0 : previous);
    }
  }

  const actions = {
    first: () => show(0), last: () => show(frames.length - 1),
    prev: () => show(index - 1), next: () => show(index + 1),
    "prev-turn": () => turn(-1), "next-turn": () => turn(1),
  };
  for (const [id, act] of Object.entries(actions)) document.getElementById(id).addEventListener("click", act);
  const keys = { ArrowLeft: "prev", ArrowRight: "next", PageUp: "prev-turn", PageDown: "next-turn", Home: "first", End: "last" };
  document.addEventListener("keydown", (event) => {
    if (event.target.closest && event.target.closest("input, select, textarea")) return;
    if (keys[event.key]) {
      event.preventDefault();
      actions[keys[event.key]]();
    }
  });
  // A step can be linked to: scenarios/solo-01.html#step-9.
  function fromAddress() {
    const linked = /^#step-(\d+)$/.exec(location.hash);
    return linked ? Number(linked[1]) : 0;
  }
  window.addEventListener("hashchange", () => {
    if (fromAddress() !== index) show(fromAddress());
  });
  show(fromAddress());
})();
