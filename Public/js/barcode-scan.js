// One "Scan a barcode" button on every phone. Where the browser reads codes from a live camera
// (BarcodeDetector, which needs HTTPS), it does, and sends the digits; anywhere else the button
// opens the camera for one photo, which the server reads. Without this script the form shows
// its file field and a button to send it, and works the same.
function enhance(form) {
  const scan = form.querySelector("[data-barcode-scan]");
  const file = form.querySelector("[data-barcode-file]");
  const digits = form.querySelector("[data-barcode-digits]");
  const status = form.querySelector("[data-barcode-status]");
  const video = form.querySelector("[data-barcode-video]");
  form.querySelector("[data-barcode-pick]").hidden = true;
  scan.hidden = false;

  const say = (text) => {
    status.textContent = text;
    status.hidden = false;
  };
  const send = () => {
    scan.disabled = true;
    form.requestSubmit ? form.requestSubmit() : form.submit();
  };

  // Back from the product's page, the browser may show this page as it was left: sending, the
  // button off and the photo still chosen. It is ready for another photo.
  window.addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    scan.disabled = false;
    status.hidden = true;
    file.value = "";
  });

  file.addEventListener("change", () => {
    if (file.files.length === 0) return;
    say(t("Reading the barcode…"));
    send();
  });

  const live = "BarcodeDetector" in window && window.isSecureContext && navigator.mediaDevices?.getUserMedia;
  scan.addEventListener("click", async () => {
    if (!live) {
      file.click();
      return;
    }
    let stream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } });
    } catch {
      file.click();
      return;
    }
    const detector = new BarcodeDetector({ formats: ["ean_13", "ean_8", "upc_a", "upc_e"] });
    video.srcObject = stream;
    video.hidden = false;
    say(t("Hold the stripes inside the picture."));
    await video.play();
    const stop = () => { stream.getTracks().forEach((track) => track.stop()); video.hidden = true; };
    const look = async () => {
      const codes = await detector.detect(video).catch(() => []);
      if (codes.length > 0) {
        stop();
        digits.value = codes[0].rawValue;
        file.required = false;
        say(t("Found {code}…", { code: codes[0].rawValue }));
        send();
      } else if (!video.hidden) {
        requestAnimationFrame(look);
      }
    };
    look();
  });
}

for (const form of document.querySelectorAll("[data-barcode-photo]")) enhance(form);
// ＋'s "+" puts the next page in place (stay.js): its form is new.
document.addEventListener("fooddiary:page-replaced", (event) => {
  for (const form of event.detail.querySelectorAll("[data-barcode-photo]")) enhance(form);
});
