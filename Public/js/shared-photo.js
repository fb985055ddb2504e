// On /meals/new?shared=1: puts the photo the phone's share sheet sent (kept by the service worker)
// into the form's photo field, as if it had been chosen there, then forgets it.
(function () {
  if (!new URLSearchParams(location.search).has("shared") || !("caches" in window)) return;
  const input = document.querySelector("#photo");
  if (!input) return;
  caches.open("fooddiary-shared").then(async (cache) => {
    const kept = await cache.match("/shared-photo");
    if (!kept) return;
    const name = decodeURIComponent(kept.headers.get("X-File-Name") || "shared.jpg");
    const file = new File([await kept.blob()], name, { type: kept.headers.get("Content-Type") || "" });
    const files = new DataTransfer();
    files.items.add(file);
    input.files = files.files;
    input.dispatchEvent(new Event("change"));
    await cache.delete("/shared-photo");
  });
})();
