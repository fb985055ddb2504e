// Passkeys (WebAuthn): making one on the account page, signing in with one on the sign-in page,
// offered in the name field's suggestions too where the browser can (conditional UI). The server
// gives the options and checks what the authenticator answers; bytes travel as base64url.
(function () {
  if (!window.PublicKeyCredential || !navigator.credentials) return;
  // Browsers refuse an IP address as a passkey's site: only a name (localhost, diary.home.arpa) has them.
  const named = !/^[0-9.]+$/.test(location.hostname) && !location.hostname.includes(":");

  const toBytes = (text) => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4)), (c) => c.charCodeAt(0));
  const toText = (buffer) => btoa(String.fromCharCode(...new Uint8Array(buffer))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

  async function answer(response) {
    if (response.ok) return response;
    let message = t("The diary did not take it ({status}).", { status: response.status });
    try { message = (await response.json()).error || message; } catch (ignored) { /* not JSON */ }
    throw new Error(message);
  }

  function why(error) {
    if (error.name === "NotAllowedError") return t("Nothing was done: the passkey prompt was closed or timed out.");
    if (error.name === "InvalidStateError") return t("This device has a passkey for you here already.");
    if (error.name === "SecurityError") return t("Passkeys need the server’s name (such as localhost), not an address, and HTTPS away from this machine.");
    return error.message;
  }

  const add = document.querySelector("[data-passkey-add]");
  if (add && !named) {
    document.querySelector("[data-passkey-status]").textContent =
      t("Passkeys need the server’s name, not an address: open this page as http://localhost:{port} on this machine, or by its name on your network.", { port: location.port });
  } else if (add) {
    add.hidden = false;
    const status = document.querySelector("[data-passkey-status]");
    add.querySelector("button").addEventListener("click", async () => {
      status.textContent = t("Follow your device’s prompt…");
      try {
        const password = add.querySelector("input[type=password]");
        const asked = new URLSearchParams({ _csrf: add.dataset.csrf, current_password: password ? password.value : "" });
        const options = await (await answer(await fetch("/account/passkeys/new", {
          method: "POST", credentials: "same-origin", headers: { "X-CSRF-Token": add.dataset.csrf }, body: asked,
        }))).json();
        options.challenge = toBytes(options.challenge);
        options.user.id = toBytes(options.user.id);
        options.excludeCredentials = options.excludeCredentials.map((c) => ({ ...c, id: toBytes(c.id) }));
        const credential = await navigator.credentials.create({ publicKey: options });
        const response = await answer(await fetch("/account/passkeys", {
          method: "POST", credentials: "same-origin",
          headers: { "Content-Type": "application/json", "X-CSRF-Token": add.dataset.csrf },
          body: JSON.stringify({
            name: add.querySelector("#passkey_name").value,
            clientDataJSON: toText(credential.response.clientDataJSON),
            attestationObject: toText(credential.response.attestationObject),
          }),
        }));
        location.assign((await response.json()).redirect);
      } catch (error) {
        status.textContent = why(error);
      }
    });
  }

  const signIn = document.querySelector("[data-passkey-signin]");
  if (signIn && named) {
    signIn.hidden = false;
    const status = signIn.querySelector("[data-passkey-status]");
    let waiting = null;

    async function start(conditional) {
      if (waiting) waiting.abort();
      const controller = new AbortController();
      waiting = controller;
      const options = await (await answer(await fetch("/signin/passkey", { credentials: "same-origin" }))).json();
      options.challenge = toBytes(options.challenge);
      const credential = await navigator.credentials.get({
        publicKey: options, signal: controller.signal, ...(conditional ? { mediation: "conditional" } : {}),
      });
      status.textContent = t("Signing in…");
      const response = await answer(await fetch("/signin/passkey", {
        method: "POST", credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRF-Token": signIn.dataset.csrf },
        body: JSON.stringify({
          id: toText(credential.rawId),
          clientDataJSON: toText(credential.response.clientDataJSON),
          authenticatorData: toText(credential.response.authenticatorData),
          signature: toText(credential.response.signature),
          userHandle: credential.response.userHandle ? toText(credential.response.userHandle) : null,
          next: signIn.dataset.next,
        }),
      }));
      // The sign-in answered with the page it leads to; its session cookie is set.
      location.assign(response.url);
    }

    signIn.querySelector("button").addEventListener("click", () => {
      status.textContent = t("Follow your device’s prompt…");
      start(false).catch((error) => { if (error.name !== "AbortError") status.textContent = why(error); });
    });
    if (PublicKeyCredential.isConditionalMediationAvailable) {
      PublicKeyCredential.isConditionalMediationAvailable().then((available) => {
        if (available) start(true).catch((error) => { if (error.name !== "AbortError" && error.name !== "NotAllowedError") status.textContent = why(error); });
      });
    }
  }
})();
