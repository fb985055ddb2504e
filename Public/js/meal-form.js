// A new meal defaults to the browser's own "now" and time zone, which may differ from the server's.
// Edits keep the offset the meal was entered with, so a trip abroad does not shift old meals.
(function () {
  const form = document.getElementById("meal-form");
  if (!form || form.dataset.new !== "true") return;
  const when = document.getElementById("eaten_at");
  const offset = document.getElementById("utc_offset");
  const pad = (n) => String(n).padStart(2, "0");
  if (form.dataset.fresh === "true") {
    const now = new Date();
    when.value = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}T${pad(now.getHours())}:${pad(now.getMinutes())}`;
  }
  form.addEventListener("submit", function () {
    const chosen = new Date(when.value);
    if (!isNaN(chosen)) offset.value = String(-chosen.getTimezoneOffset());
  });
})();
