// Typing a count or grams selects the matching choice, so a person never submits 125 g while
// looking at the "2" they just typed; and the energy of the chosen amount is shown as it changes.
// The server validates and computes whatever arrives; this only helps the person choose.
(function () {
  for (const fieldset of document.querySelectorAll(".amount-fields")) {
    const grams = fieldset.querySelector("input[name=grams]");
    const count = fieldset.querySelector("input[name=count]");
    const preview = fieldset.querySelector(".amount-preview");
    const energyPerGram = parseFloat(fieldset.dataset.energyPerGram);
    const pick = (radio) => { if (radio) radio.checked = true; };
    // Grams (or ml) in one of each unit an amount may be typed in, as the server reads them.
    const perUnit = { g: 1, kg: 1000, oz: 28.349523125, lb: 453.59237, ml: 1, l: 1000, "fl oz": 29.5735295625 };
    const shownUnit = fieldset.dataset.unit || "g";
    function typedGrams(text) {
      const match = text.trim().toLowerCase().match(/^(\d[\d.,'’ \u00A0\u202F]*?)\s*(g|kg|oz|lb|lbs|ml|l|fl\.? ?oz)?$/);
      if (!match) return NaN;
      const unit = (match[2] || shownUnit).replace(/^fl\.? ?oz$/, "fl oz").replace("lbs", "lb");
      return typedNumber(match[1]) * (perUnit[unit] || NaN);
    }

    function chosenGrams() {
      const checked = fieldset.querySelector("input[name=amount]:checked");
      if (!checked) return NaN;
      if (checked.value === "grams") return grams ? typedGrams(grams.value) : NaN;
      const each = parseFloat(checked.dataset.grams);
      return checked.closest(".portion-list") && count ? each * typedNumber(count.value) : each;
    }

    function update() {
      if (!preview || isNaN(energyPerGram)) return;
      const g = chosenGrams();
      preview.hidden = !(g > 0);
      if (g > 0) preview.textContent = `≈ ${shownNumber(g * energyPerGram)} ${fieldset.dataset.energyUnit} for ${shownNumber(g / perUnit[shownUnit], 1)} ${shownUnit}`;
    }

    if (grams) grams.addEventListener("input", () => pick(fieldset.querySelector("input[name=amount][value=grams]")));
    if (count) count.addEventListener("input", () => {
      if (!fieldset.querySelector(".portion-list input[name=amount]:checked")) pick(fieldset.querySelector(".portion-list input[name=amount]"));
    });
    fieldset.addEventListener("input", update);
    fieldset.addEventListener("change", update);
    update();
  }
})();
