// Typing a count or grams selects the matching choice, so a person never submits 125 g while
// looking at the "2" they just typed; the energy of the chosen amount is shown as it changes; and
// − and + step the count or the grams. The server validates and computes whatever arrives; this
// only helps the person choose. Fields put in the page later (an editor opened in place) announce
// themselves with a "fooddiary:amount-fields" event.
(function () {
  // Grams (or ml) in one of each unit an amount may be typed in, as the server reads them.
  const perUnit = { g: 1, kg: 1000, oz: 28.349523125, lb: 453.59237, ml: 1, l: 1000, "fl oz": 29.5735295625 };

  function wire(fieldset) {
    if (fieldset.dataset.wired) return;
    fieldset.dataset.wired = "1";
    const grams = fieldset.querySelector("input[name=grams]");
    const count = fieldset.querySelector("input[name=count]");
    const preview = fieldset.querySelector(".amount-preview");
    const energyPerGram = parseFloat(fieldset.dataset.energyPerGram);
    const pick = (radio) => { if (radio) radio.checked = true; };
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
      if (g > 0) preview.textContent = t("≈ {energy} {unit} for {amount} {amountUnit}", { energy: shownNumber(g * energyPerGram), unit: fieldset.dataset.energyUnit, amount: shownNumber(g / perUnit[shownUnit], 1), amountUnit: shownUnit });
    }

    // − and + : a count by a half below 1 and by one above; grams by a tenth of an ounce's worth
    // of the unit people weigh in (10 g or ml, ½ oz or fl oz). Never below the smallest step.
    for (const button of fieldset.querySelectorAll("button[data-step]")) {
      button.hidden = false;
      button.addEventListener("click", () => {
        const input = fieldset.querySelector(`input[name=${button.dataset.field}]`);
        if (!input) return;
        const sign = button.dataset.step === "up" ? 1 : -1;
        const isCount = input === count;
        const now = isCount ? typedNumber(input.value || "1") : typedNumber(input.value || "0");
        const base = isNaN(now) ? (isCount ? 1 : 0) : now;
        const step = isCount ? (base < 1 || (base === 1 && sign < 0) ? 0.5 : 1) : (shownUnit === "oz" || shownUnit === "fl oz" ? 0.5 : 10);
        const next = Math.max(step, Math.round((base + sign * step) / step) * step);
        input.value = shownNumber(next, 2);
        input.dispatchEvent(new Event("input", { bubbles: true }));
      });
    }

    if (grams) grams.addEventListener("input", () => pick(fieldset.querySelector("input[name=amount][value=grams]")));
    if (count) count.addEventListener("input", () => {
      if (!fieldset.querySelector(".portion-list input[name=amount]:checked")) pick(fieldset.querySelector(".portion-list input[name=amount]"));
    });
    fieldset.addEventListener("input", update);
    fieldset.addEventListener("change", update);
    update();
  }

  for (const fieldset of document.querySelectorAll(".amount-fields")) wire(fieldset);
  document.addEventListener("fooddiary:amount-fields", (event) => {
    for (const fieldset of event.detail.querySelectorAll(".amount-fields")) wire(fieldset);
  });
})();
