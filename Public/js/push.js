// Settings → Reminders: asks the browser for permission only when the person taps the button,
// subscribes with this server's VAPID key, and hands the subscription to POST /push/subscriptions.
(function () {
  "use strict";
  // Until the person first saves, the time zone offered is this device's rather than the server's.
  const zone = document.querySelector("[data-device-zone=fill]");
  const deviceZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (zone && deviceZone) zone.value = deviceZone;
  const box = document.querySelector(".push-subscribe");
  if (!box) return;
  const button = box.querySelector("button"), status = box.querySelector(".push-status");
  const say = (text) => { status.textContent = text; };
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
    say(t("This browser cannot show notifications from a web page. On an iPhone, add FoodDiary to the home screen first, then open it from there."));
    return;
  }
  const key = Uint8Array.from(atob(box.dataset.publicKey.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
  async function current() {
    const registration = await navigator.serviceWorker.ready;
    return registration.pushManager.getSubscription();
  }
  async function show() {
    const subscription = await current();
    if (subscription && Notification.permission === "granted") {
      say(t("This device gets reminders."));
      button.hidden = true;
    } else {
      button.hidden = false;
      if (Notification.permission === "denied") say(t("Notifications are blocked for this site in the browser’s settings."));
    }
  }
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      if ((await Notification.requestPermission()) !== "granted") {
        say(t("Notifications are blocked for this site in the browser’s settings."));
        return;
      }
      const registration = await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
      const response = await fetch("/push/subscriptions", {
        method: "POST", credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRF-Token": box.dataset.csrf },
        body: JSON.stringify(subscription),
      });
      if (response.ok) { window.location.reload(); return; }
      const answer = await response.json().catch(() => ({}));
      say(answer.error || t("The server did not keep this device. Try again."));
    } catch (error) {
      say(t("The browser could not subscribe: {reason}", { reason: String(error.message || error) }));
    } finally {
      button.disabled = false;
    }
  });
  show();
})();
