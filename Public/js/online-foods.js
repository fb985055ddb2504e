// Add-food and add-ingredient pages: the online results load after the local ones show,
// so the network never holds the page; and a barcode can be scanned where the browser can.
for (const slot of document.querySelectorAll("[data-online-src]")) {
  if (slot.querySelector(".online-problem")) continue;
  fetch(slot.dataset.onlineSrc, { credentials: "same-origin", headers: { Accept: "text/html" } })
    .then((response) => response.text())
    .then((html) => {
      const found = new DOMParser().parseFromString(html, "text/html").getElementById("online-results");
      if (found) slot.replaceChildren(...found.childNodes);
    })
    .catch(() => {
      slot.querySelector(".online-loading")?.replaceChildren("Foods online can’t be reached; these are your offline results.");
    });
}

const scanButton = document.querySelector("[data-scan-barcode]");
if (scanButton && "BarcodeDetector" in window && navigator.mediaDevices?.getUserMedia) {
  scanButton.hidden = false;
  scanButton.addEventListener("click", async () => {
    const form = scanButton.closest("form");
    const video = form.querySelector("[data-barcode-video]");
    const input = form.querySelector("input[name=barcode]");
    let stream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } });
    } catch {
      input.focus();
      return;
    }
    const detector = new BarcodeDetector({ formats: ["ean_13", "ean_8", "upc_a", "upc_e"] });
    video.srcObject = stream;
    video.hidden = false;
    await video.play();
    const stop = () => { stream.getTracks().forEach((track) => track.stop()); video.hidden = true; };
    const look = async () => {
      const codes = await detector.detect(video).catch(() => []);
      if (codes.length > 0) {
        stop();
        input.value = codes[0].rawValue;
        form.submit();
      } else if (!video.hidden) {
        requestAnimationFrame(look);
      }
    };
    look();
  });
}
