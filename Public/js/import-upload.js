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
  // A phone's health export (a ZIP) may be far larger; the server says if a ZIP is not one.
  const maxExportBytes = Number(form.dataset.maxExportBytes) || maxBytes;

  function say(text) {
    box.hidden = false;
    status.textContent = text;
  }

  form.addEventListener("submit", function (event) {
    const file = input.files && input.files[0];
    if (!file) return;
    event.preventDefault();
    const isZip = /\.zip$/i.test(file.name);
    const limit = isZip ? maxExportBytes : maxBytes;
    if (limit && file.size > limit) {
      say(isZip ? t("That file is larger than this page takes ({limit} MB). Import it on the server with the command below.", { limit: Math.round(limit / 1e6) })
        : t("That file is larger than this page takes ({limit} MB; a health export’s ZIP up to {exportLimit} MB). Import it on the server with the command below.", { limit: Math.round(limit / 1e6), exportLimit: Math.round(maxExportBytes / 1e6) }));
      return;
    }
    const request = new XMLHttpRequest();
    request.open("POST", form.action);
    request.upload.addEventListener("progress", function (progress) {
      if (!progress.lengthComputable) return;
      bar.value = Math.round((progress.loaded / progress.total) * 100);
      say(t("Uploading… {percent} %", { percent: bar.value }));
    });
    request.upload.addEventListener("load", function () {
      bar.removeAttribute("value");
      say(t("Reading the file…"));
    });
    // The preview (or the page saying why not) replaces this one as it came, so the file is read
    // once; the address becomes the preview's, which reloads as itself.
    request.addEventListener("load", function () {
      // A health export's progress page looks again by itself (its Refresh header), which a page
      // written here would not: it is loaded as itself.
      if (request.getResponseHeader("Refresh") && request.responseURL) {
        location.replace(request.responseURL);
        return;
      }
      document.open();
      document.write(request.responseText);
      document.close();
      if (request.status < 400 && request.responseURL) history.replaceState(null, "", request.responseURL);
    });
    request.addEventListener("error", function () {
      button.disabled = false;
      say(t("The upload stopped: the connection to the diary was lost. Nothing was imported; try again."));
    });
    button.disabled = true;
    say("Uploading… 0 %");
    request.send(new FormData(form));
  });
})();
