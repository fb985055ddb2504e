// A new meal's time follows the meal chosen beside it: Lunch puts 12:30 (or now, if it is lunch
// time now) in the time field, which the person may still change. Without this script a changed
// meal with the time left as shown is put at that meal's usual hour by the server.
document.addEventListener("change", (event) => {
  const select = event.target.closest?.("select[data-meal-time]");
  const time = select?.form.querySelector("input[name=time]");
  const chosen = select?.selectedOptions[0];
  if (time && chosen?.dataset.time) time.value = chosen.dataset.time;
});
