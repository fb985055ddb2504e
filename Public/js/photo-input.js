// Shows the chosen photo before it is saved, so a person sees they picked the right one.
// On a meal's page the photo form's save button waits until a file is chosen.
(function () {
  for (const input of document.querySelectorAll("[data-photo-input]")) {
    const scope = input.closest("form, .field") || document;
    const preview = scope.querySelector("[data-photo-preview]");
    const submit = scope.querySelector("[data-photo-submit]");
    if (submit) submit.hidden = true;
    let url = null;
    input.addEventListener("change", () => {
      if (url) URL.revokeObjectURL(url);
      const file = input.files && input.files[0];
      if (submit) submit.hidden = !file;
      if (!preview) return;
      if (!file) { preview.hidden = true; return; }
      url = URL.createObjectURL(file);
      preview.src = url;
      preview.hidden = false;
      // HEIC previews only work where the browser decodes HEIC; hide a broken image elsewhere.
      preview.onerror = () => { preview.hidden = true; };
    });
  }
})();
