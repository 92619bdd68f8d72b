// The catalogue's filters and search: every card is in the page; this only hides the others.
(function () {
  "use strict";
  const cards = Array.from(document.querySelectorAll("#cards .card"));
  const search = document.getElementById("search");
  const selects = Array.from(document.querySelectorAll("#filters select"));
  const count = document.getElementById("count");
  const empty = document.getElementById("empty");
  // A facet whose values hold spaces joins them with "|" in a card's data (as the site writes it).
  const separators = new Map(
    selects.map((s) => [
      s.dataset.facet,
      Array.from(s.options).some((o) => o.value.includes(" ")) ? "|" : " ",
    ]),
  );

  function matches(card, words, wanted) {
    const text = card.dataset.search;
    if (!words.every((word) => text.includes(word))) return false;
    return wanted.every(([facet, value]) => {
      const field = card.dataset[facet] || "";
      const values = field.split(separators.get(facet));
      return values.includes(value);
    });
  }

  function apply() {
    const words = search.value.toLowerCase().split(/\s+/).filter(Boolean);
    const wanted = selects.filter((s) => s.value).map((s) => [s.dataset.facet, s.value]);
    let shown = 0;
    for (const card of cards) {
      const keep = matches(card, words, wanted);
      card.hidden = !keep;
      shown += keep ? 1 : 0;
    }
    count.textContent = shown + " of " + cards.length;
    empty.hidden = shown !== 0;
    const state = new URLSearchParams();
    if (search.value) state.set("q", search.value);
    for (const [facet, value] of wanted) state.set(facet, value);
    history.replaceState(null, "", state.toString() ? "#" + state.toString() : location.pathname);
  }

  // The filters live in the address (#q=...&object=...), so a filtered view can be shared.
  const initial = new URLSearchParams(location.hash.slice(1));
  search.value = initial.get("q") || "";
  for (const select of selects) select.value = initial.get(select.dataset.facet) || "";
  search.addEventListener("input", apply);
  for (const select of selects) select.addEventListener("change", apply);
  document.getElementById("reset").addEventListener("click", () => setTimeout(apply, 0));
  document.addEventListener("keydown", (event) => {
    if (event.key === "/" && document.activeElement !== search) {
      event.preventDefault();
      search.focus();
    }
  });
  apply();
})();
