// The body settings page: choosing other units converts the water goal and the glass in place and
// says their new unit, so what is shown is what is saved. Without this script the amounts keep the
// unit written beside them, and the server reads them in it (the form's drink_units).
(() => {
  const written = document.querySelector("[data-drink-units]");
  if (!written) return;
  // Each system's unit and its size in millilitres, as the server writes them on its choice.
  const systems = Object.fromEntries([...document.querySelectorAll("input[name=units]")]
    .map((choice) => [choice.value, { name: choice.dataset.drinkUnitName, millilitres: Number(choice.dataset.millilitres) }]));
  for (const choice of document.querySelectorAll("input[name=units]")) {
    choice.addEventListener("change", () => {
      const from = systems[written.value], to = systems[choice.value];
      if (written.value === choice.value || !from?.millilitres || !to?.millilitres) return;
      for (const field of document.querySelectorAll("input[data-drink]")) {
        const value = typedNumber(field.value);
        if (Number.isNaN(value)) continue;
        // A tenth of a unit larger than a millilitre, so a glass switched there and back is within 2 ml of what it was.
        const converted = value * from.millilitres / to.millilitres;
        field.value = to.millilitres > 1 ? shownNumber(converted, 1) : shownNumber(converted);
      }
      for (const unit of document.querySelectorAll("[data-drink-unit]")) unit.textContent = to.name;
      written.value = choice.value;
    });
  }
})();
