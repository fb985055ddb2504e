// Splitting a pot changes the sharer's own meal: before the tap, say what each meal becomes
// ("Your meal becomes 140 kcal · Kim 280 kcal", in the person's energy unit and numbers), with the arithmetic the server uses.
{
  const preview = document.querySelector(".share-preview[data-energy]");
  if (preview) {
    const form = preview.closest("form");
    const energy = Number(preview.dataset.energy), unit = preview.dataset.energyUnit;
    const number = (input) => {
      const value = typedNumber(input?.value || "");
      return Number.isFinite(value) && value > 0 ? value : 0;
    };
    const update = () => {
      const own = number(form.querySelector("#own_servings"));
      const people = [...form.querySelectorAll("input[data-person]")].map((input) => [input.dataset.person, number(input)]).filter(([, n]) => n > 0);
      const eaten = own + people.reduce((sum, [, n]) => sum + n, 0);
      const total = Math.max(number(form.querySelector("#total_servings")), eaten);
      if (!own || !people.length || !total) { preview.hidden = true; return; }
      const part = (n) => `${shownNumber(energy * n / total)} ${unit}`;
      preview.textContent = [t("Your meal becomes {energy}", { energy: part(own) }), ...people.map(([name, n]) => `${name} ${part(n)}`)].join(" · ");
      preview.hidden = false;
    };
    form.addEventListener("input", update);
    update();
  }
}
