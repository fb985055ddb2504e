"""A local server speaking OpenID Connect for the journeys, as a household's provider does: discovery,
keys, a sign-in page with one button, and the token endpoint. Strict as real ones are: the registered
client and redirect address, client_secret_basic, S256 PKCE, each code once. ID tokens are RS256,
signed with the openssl command line (the journeys' Python has no crypto library)."""
import base64
import hashlib
import html
import json
import secrets
import subprocess
import tempfile
import time
import urllib.parse

from stand_in import JSONHandler, StandIn

CLIENT_ID = "fooddiary"
CLIENT_SECRET = "journey secret: +/ and spaces"


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


class Handler(JSONHandler):
    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        query = dict(urllib.parse.parse_qsl(url.query))
        provider = self.server.provider
        if url.path == "/.well-known/openid-configuration":
            self.answer(200, {"issuer": provider.base, "authorization_endpoint": provider.base + "/authorize",
                              "token_endpoint": provider.base + "/token", "jwks_uri": provider.base + "/jwks",
                              "response_types_supported": ["code"], "subject_types_supported": ["public"],
                              "id_token_signing_alg_values_supported": ["RS256"], "code_challenge_methods_supported": ["S256"],
                              "token_endpoint_auth_methods_supported": ["client_secret_basic"]})
        elif url.path == "/jwks":
            self.answer(200, {"keys": [{"kty": "RSA", "kid": "journey-1", "use": "sig", "alg": "RS256", "n": provider.modulus, "e": "AQAB"}]})
        elif url.path == "/authorize":
            good = (query.get("response_type") == "code" and query.get("client_id") == CLIENT_ID
                    and query.get("redirect_uri") in provider.redirect_uris and query.get("code_challenge_method") == "S256"
                    and "openid" in query.get("scope", "").split() and query.get("state") and query.get("nonce"))
            if not good:
                self.answer(400, {"error": "invalid_request"})
                return
            fields = "".join(f'<input type="hidden" name="{html.escape(k)}" value="{html.escape(v)}">' for k, v in query.items())
            page = f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<link rel="icon" href="data:,"><title>Pocket ID (stand-in)</title></head><body style="font: 18px system-ui; margin: 2rem"><main><h1>Pocket ID</h1>
<p>Signed in as {html.escape(provider.username)}. FoodDiary asks who you are.</p>
<form method="post" action="/authorize">{fields}<button style="min-height: 48px; padding: 0 1.5rem; font-size: 18px">Continue to FoodDiary</button></form>
</main></body></html>""".encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(page)))
            self.end_headers()
            self.wfile.write(page)
        else:
            self.answer(404, {"error": "not_found"})

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        form = dict(urllib.parse.parse_qsl(self.rfile.read(length).decode()))
        provider = self.server.provider
        if self.path == "/authorize":
            code = secrets.token_urlsafe(24)
            provider.grants[code] = {"redirect_uri": form["redirect_uri"], "challenge": form["code_challenge"], "nonce": form["nonce"]}
            back = form["redirect_uri"] + "?" + urllib.parse.urlencode({"code": code, "state": form["state"]})
            self.send_response(303)
            self.send_header("Location", back)
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif self.path == "/token":
            # client_secret_basic: id and secret each form-encoded (RFC 6749 2.3.1), read so.
            sent = self.headers.get("Authorization", "")
            pair = base64.b64decode(sent[6:]).decode().split(":", 1) if sent.startswith("Basic ") else []
            if [urllib.parse.unquote_plus(part) for part in pair] != [CLIENT_ID, CLIENT_SECRET]:
                self.answer(401, {"error": "invalid_client"})
                return
            grant = provider.grants.pop(form.get("code", ""), None)
            verifier = form.get("code_verifier", "")
            if (grant is None or grant["redirect_uri"] != form.get("redirect_uri")
                    or b64url(hashlib.sha256(verifier.encode()).digest()) != grant["challenge"]):
                self.answer(400, {"error": "invalid_grant"})
                return
            self.server.requests.append(form)
            self.answer(200, {"access_token": secrets.token_urlsafe(24), "token_type": "Bearer", "expires_in": 300,
                              "id_token": provider.id_token(grant["nonce"])})
        else:
            self.answer(404, {"error": "not_found"})


class OpenIDProviderStandIn(StandIn):
    def __init__(self, subject="journey-owner", username="sam.journey"):
        self.key = tempfile.NamedTemporaryFile(suffix=".pem", delete=False).name
        subprocess.run(["openssl", "genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", self.key],
                       check=True, capture_output=True)
        modulus = subprocess.run(["openssl", "rsa", "-in", self.key, "-noout", "-modulus"], check=True, capture_output=True, text=True)
        self.modulus = b64url(bytes.fromhex(modulus.stdout.strip().split("=", 1)[1]))
        self.subject, self.username = subject, username
        self.grants, self.redirect_uris = {}, set()
        super().__init__(Handler)
        self.server.provider = self

    def id_token(self, nonce):
        now = int(time.time())
        header = {"alg": "RS256", "typ": "JWT", "kid": "journey-1"}
        claims = {"iss": self.base, "sub": self.subject, "aud": CLIENT_ID, "exp": now + 300, "iat": now, "nonce": nonce,
                  "preferred_username": self.username, "email": self.username + "@home.example"}
        signing_input = b64url(json.dumps(header).encode()) + "." + b64url(json.dumps(claims).encode())
        signature = subprocess.run(["openssl", "dgst", "-sha256", "-sign", self.key], input=signing_input.encode(),
                                   check=True, capture_output=True).stdout
        return signing_input + "." + b64url(signature)
