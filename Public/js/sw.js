// The service worker: keeps the app shell (styles, scripts, icons, the offline page) so that, when
// the server cannot be reached, the installed app says so instead of failing. Diary pages and data
// are never kept: they always come from the server, so nothing out of date is ever shown as the
// diary. Static files are fetched first and the kept copy used only when that fails.
const SHELL = "fooddiary-shell-v2";
const OFFLINE = "/static/offline.html";
const SHELL_FILES = [OFFLINE, "/static/css/app.css", "/static/icons/favicon.svg", "/static/icons/app-192.png"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(SHELL_FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((key) => key !== SHELL && key !== SHARED).map((key) => caches.delete(key))))
    .then(() => self.clients.claim()));
});

// A photo sent from the phone's share sheet (the manifest's share_target) is kept here until the
// new-meal form takes it: the share sheet's POST carries no form token, so it never reaches the
// server, and the person still reviews and saves the meal as always.
const SHARED = "fooddiary-shared";
const SHARED_PHOTO = "/shared-photo";

async function keepSharedPhoto(request) {
  const form = await request.formData();
  const photo = form.get("photo");
  const cache = await caches.open(SHARED);
  await cache.delete(SHARED_PHOTO);
  if (photo instanceof File) {
    await cache.put(SHARED_PHOTO, new Response(photo, {
      headers: { "Content-Type": photo.type || "application/octet-stream", "X-File-Name": encodeURIComponent(photo.name || "shared.jpg") },
    }));
  }
  return Response.redirect("/meals/new?shared=1", 303);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "POST" && url.pathname === "/share-target") {
    event.respondWith(keepSharedPhoto(request));
    return;
  }
  if (request.method !== "GET") return;
  if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE)));
  } else if (url.pathname.startsWith("/static/")) {
    event.respondWith(fetch(request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          caches.open(SHELL).then((cache) => cache.put(request, copy));
        }
        return response;
      })
      .catch(() => caches.match(request).then((kept) => kept || Response.error())));
  }
});

// A reminder from this server (Web Push, decrypted by the browser): its words, and the page a tap
// opens. A newer one with the same tag replaces the older.
self.addEventListener("push", (event) => {
  let message = {};
  try { message = event.data ? event.data.json() : {}; } catch (error) { message = {}; }
  event.waitUntil(self.registration.showNotification(message.title || "FoodDiary", {
    body: message.body || "", tag: message.tag || "fooddiary", icon: "/static/icons/app-192.png", data: { url: message.url || "/" },
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || "/", self.location.origin).href;
  event.waitUntil(self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
    const open = windows.find((client) => client.url.startsWith(self.location.origin) && "focus" in client);
    if (open) return open.navigate(url).then((client) => (client || open).focus());
    return self.clients.openWindow(url);
  }));
});
