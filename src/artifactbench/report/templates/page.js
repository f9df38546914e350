// The page's only script. Sort any table.sortable by a clicked header (data-sort="text" or "num"); cells may carry data-key.
(function () {
  function key(row, i, kind) {
    var cell = row.cells[i];
    var v = cell ? (cell.getAttribute("data-key") || cell.textContent.trim()) : "";
    if (kind === "num") { var f = parseFloat(v); return isNaN(f) ? -Infinity : f; }
    return v.toLowerCase();
  }
  document.querySelectorAll("table.sortable").forEach(function (table) {
    var heads = table.tHead.rows[0].cells;
    Array.prototype.forEach.call(heads, function (th, i) {
      var kind = th.getAttribute("data-sort");
      if (!kind) { return; }
      th.addEventListener("click", function () {
        var asc = th.getAttribute("aria-sort") !== "ascending";
        Array.prototype.forEach.call(heads, function (h) { h.removeAttribute("aria-sort"); });
        th.setAttribute("aria-sort", asc ? "ascending" : "descending");
        var body = table.tBodies[0];
        var rows = Array.prototype.slice.call(body.rows);
        rows.sort(function (a, b) {
          var x = key(a, i, kind), y = key(b, i, kind);
          return (x < y ? -1 : x > y ? 1 : 0) * (asc ? 1 : -1);
        });
        var frag = document.createDocumentFragment();
        rows.forEach(function (r) { frag.appendChild(r); });
        body.appendChild(frag);
      });
    });
  });
  // A link to a closed <details> (a task's prompt, a finding) opens it. In a large report a job or
  // finding waits as escaped HTML in a text/html script block with id "src-" + its id, shown when linked.
  function openTarget() {
    var id = decodeURIComponent(location.hash.slice(1));
    var el = id && document.getElementById(id);
    var src = id && !el && document.getElementById("src-" + id);
    if (src) {
      var box = src.parentElement.querySelector(".lazy");
      box.innerHTML = src.textContent;
      el = document.getElementById(id);
      el.scrollIntoView();
    }
    while (el) { if (el.tagName === "DETAILS") { el.open = true; } el = el.parentElement; }
  }
  window.addEventListener("hashchange", openTarget);
  openTarget();
})();
