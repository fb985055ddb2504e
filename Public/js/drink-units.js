// The body settings page: choosing other units converts the water goal and the glass in place and
// says their new unit, so what is shown is what is saved. Without this script the amounts keep the
// unit written beside them, and the server reads them in it (the form's drink_units).
(() => {
  const written = document.querySelector("[data-drink-units]");
  if (!written) return;
  const millilitresPerFluidOunce = 29.5735295625;
  const unitNames = { metric: "ml", us: "fl oz" };
  for (const choice of document.querySelectorAll("input[name=units]")) {
    choice.addEventListener("change", () => {
      const from = written.value, to = choice.value;
      if (from === to || !(to in unitNames)) return;
      for (const field of document.querySelectorAll("input[data-drink]")) {
        const value = typedNumber(field.value);
        if (Number.isNaN(value)) continue;
        const millilitres = from === "us" ? value * millilitresPerFluidOunce : value;
        // A tenth of a fluid ounce, so a glass switched there and back is within 2 ml of what it was.
        field.value = to === "us" ? shownNumber(millilitres / millilitresPerFluidOunce, 1) : shownNumber(millilitres);
      }
      for (const unit of document.querySelectorAll("[data-drink-unit]")) unit.textContent = unitNames[to];
      written.value = to;
    });
  }
})();
