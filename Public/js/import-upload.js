// Shows an import's upload as it goes: a file of several megabytes takes a while on a phone's
// Wi-Fi. Without this script the form posts as usual.
(function () {
  const form = document.querySelector("[data-import-form]");
  if (!form || !window.XMLHttpRequest) return;
  const box = form.querySelector("[data-import-progress]");
  const bar = box.querySelector("progress");
  const status = form.querySelector("[data-import-status]");
  const input = form.querySelector("input[type=file]");
  const button = form.querySelector("button[type=submit]");
  const maxBytes = Number(form.dataset.maxBytes);

  function say(text) {
    box.hidden = false;
    status.textContent = text;
  }

  form.addEventListener("submit", function (event) {
    const file = input.files && input.files[0];
    if (!file) return;
    event.preventDefault();
    if (maxBytes && file.size > maxBytes) {
      say("That file is larger than this page takes (" + Math.round(maxBytes / 1e6) + " MB). Import it on the server with the command below.");
      return;
    }
    const request = new XMLHttpRequest();
    request.open("POST", form.action);
    request.upload.addEventListener("progress", function (progress) {
      if (!progress.lengthComputable) return;
      bar.value = Math.round((progress.loaded / progress.total) * 100);
      say("Uploading… " + bar.value + " %");
    });
    request.upload.addEventListener("load", function () {
      bar.removeAttribute("value");
      say("Reading the file…");
    });
    // The preview (or the page saying why not) replaces this one as it came, so the file is read
    // once; the address becomes the preview's, which reloads as itself.
    request.addEventListener("load", function () {
      document.open();
      document.write(request.responseText);
      document.close();
      if (request.status < 400 && request.responseURL) history.replaceState(null, "", request.responseURL);
    });
    request.addEventListener("error", function () {
      button.disabled = false;
      say("The upload stopped: the connection to the diary was lost. Nothing was imported; try again.");
    });
    button.disabled = true;
    say("Uploading… 0 %");
    request.send(new FormData(form));
  });
})();
