// The embedded map needs the internet; the diary does not. Probe OpenStreetMap with one small
// tile first and only then load the map, so an offline page keeps its tidy placeholder instead
// of a browser error inside a frame.
(function () {
  for (const frame of document.querySelectorAll("[data-map]")) {
    const probe = new Image();
    probe.onload = () => {
      const map = document.createElement("iframe");
      map.src = frame.dataset.map;
      map.title = t("Map of where this meal was eaten");
      map.loading = "lazy";
      map.referrerPolicy = "no-referrer";
      frame.replaceChildren(map);
    };
    probe.src = "https://tile.openstreetmap.org/0/0/0.png";
  }
})();
