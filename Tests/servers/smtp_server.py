"""A real SMTP server for the Swift tests (Debian's python3-aiosmtpd): STARTTLS required, then a
sign-in with one user and password, and every mail it accepts kept in a folder as N.eml with
N.json beside it (envelope sender, recipients, whether TLS and the sign-in were used).

    python3 smtp_server.py FOLDER CERT KEY USER PASSWORD

Writes its port to FOLDER/port once it listens; runs until killed."""
import asyncio, json, os, socket, ssl, sys, time

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword

folder, cert, key, user, password = sys.argv[1:6]


class Keep:
    count = 0

    async def handle_DATA(self, server, session, envelope):
        Keep.count += 1
        base = os.path.join(folder, str(Keep.count))
        with open(base + ".eml", "wb") as mail:
            mail.write(envelope.original_content or envelope.content)
        with open(base + ".json.tmp", "w") as facts:
            json.dump({"from": envelope.mail_from, "to": envelope.rcpt_tos, "tls": session.ssl is not None,
                       "signedIn": bool(session.authenticated)}, facts)
        os.rename(base + ".json.tmp", base + ".json")
        return "250 Kept"


def authenticate(server, session, envelope, mechanism, data):
    ok = isinstance(data, LoginPassword) and data.login.decode() == user and data.password.decode() == password
    # handled=False: aiosmtpd then answers 535 itself (by default it leaves the answer to us).
    return AuthResult(success=ok, handled=ok)


context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
context.load_cert_chain(cert, key)
probe = socket.socket()
probe.bind(("127.0.0.1", 0))
port = probe.getsockname()[1]
probe.close()
controller = Controller(Keep(), hostname="127.0.0.1", port=port, tls_context=context, require_starttls=True,
                        authenticator=authenticate, auth_require_tls=True, auth_exclude_mechanism=["CRAM-MD5"])
controller.start()
with open(os.path.join(folder, "port.tmp"), "w") as out:
    out.write(str(port))
os.rename(os.path.join(folder, "port.tmp"), os.path.join(folder, "port"))
while True:
    time.sleep(3600)
