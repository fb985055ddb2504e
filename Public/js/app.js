// Every page: lets the browser install FoodDiary as an app and show a page of its own when the
// server cannot be reached (a secure page only: HTTPS, or this machine).
if ("serviceWorker" in navigator && window.isSecureContext) {
  navigator.serviceWorker.register("/sw.js").catch(() => {});
}
