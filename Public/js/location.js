// "Use my current location" asks the browser for coordinates. Browsers only offer that to pages
// served over https or from this very computer (localhost), so on a phone reaching the diary over
// plain http the button is replaced by an explanation.
(function () {
  for (const fieldset of document.querySelectorAll("[data-location]")) {
    const button = fieldset.querySelector("[data-use-location]");
    const status = fieldset.querySelector("[data-location-status]");
    const latitude = fieldset.querySelector("input[name=latitude]");
    const longitude = fieldset.querySelector("input[name=longitude]");
    const source = fieldset.querySelector("[data-location-source]");
    const place = fieldset.querySelector("[data-place-select]");
    const say = (text) => { status.textContent = text; status.hidden = false; };

    // Typing or picking makes the location the person's own choice again.
    for (const input of [latitude, longitude]) input.addEventListener("input", () => { source.value = "typed"; });
    if (place) place.addEventListener("change", () => { if (place.value) { latitude.value = ""; longitude.value = ""; } });

    if (!window.isSecureContext || !("geolocation" in navigator)) {
      say(t("Your browser shares its location only with pages on https or on this computer (localhost). On a phone over plain http, pick a place or type the coordinates."));
      continue;
    }
    button.hidden = false;
    button.addEventListener("click", () => {
      say(t("Asking your browser for your location…"));
      navigator.geolocation.getCurrentPosition((position) => {
        latitude.value = position.coords.latitude.toFixed(5);
        longitude.value = position.coords.longitude.toFixed(5);
        source.value = "device";
        if (place) place.value = "";
        say(t("Location found, accurate to about {metres} m.", { metres: Math.round(position.coords.accuracy) }));
      }, (error) => {
        say(error.code === 1 ? t("Location was not allowed. Type the coordinates or pick a place instead.")
                             : t("Your location could not be found. Type the coordinates or pick a place instead."));
      }, { enableHighAccuracy: true, timeout: 15000, maximumAge: 60000 });
    });
  }
})();
