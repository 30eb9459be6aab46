"""An OpenID Connect provider of the tests' own on localhost, so sign-in is tested through the real flow
(Streamlit's st.login, Authlib underneath) and never a stand-in for it.

It serves discovery, a tiny login form that signs in whoever's e-mail is typed (and consents for them),
authorization codes, ID tokens signed with an RSA key (nonce echoed), its public keys and userinfo.
tests/conftest.py registers it; the `oidc_provider` fixture starts one per module.
"""

import base64
import hashlib
import html
import json
import secrets
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest
from joserfc import jwt
from joserfc.jwk import RSAKey

CLIENT_ID = "context-chat"
TOKEN_SECONDS = 3600
LOGIN_FORM = """<!doctype html><html><head><title>Test identity provider</title></head><body>
<h1>Sign in to the team</h1>
<form method="post" action="/authorize">
  <label>E-mail <input id="email" name="email" type="email" required></label>
  {hidden}
  <button id="sign-in" type="submit">Sign in</button>
</form></body></html>"""


@dataclass
class Grant:
    """What an authorization code stands for until the client trades it for tokens."""

    email: str
    redirect_uri: str
    nonce: str


@dataclass
class Provider:
    """The provider's state: its key, its one client, the codes and access tokens it handed out."""

    issuer: str
    client_secret: str = field(default_factory=lambda: secrets.token_urlsafe(24))
    redirect_uris: set[str] = field(default_factory=set)
    key: RSAKey = field(default_factory=lambda: RSAKey.generate_key(2048, parameters={
        "kid": "test-key", "use": "sig", "alg": "RS256"}))
    codes: dict[str, Grant] = field(default_factory=dict)
    access_tokens: dict[str, str] = field(default_factory=dict)
    signed_in: list[str] = field(default_factory=list)  # every e-mail a token was issued for, in order
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def metadata_url(self) -> str:
        return f"{self.issuer}/.well-known/openid-configuration"

    def metadata(self) -> dict[str, Any]:
        return {"issuer": self.issuer, "authorization_endpoint": f"{self.issuer}/authorize",
                "token_endpoint": f"{self.issuer}/token", "jwks_uri": f"{self.issuer}/jwks",
                "userinfo_endpoint": f"{self.issuer}/userinfo", "response_types_supported": ["code"],
                "subject_types_supported": ["public"], "id_token_signing_alg_values_supported": ["RS256"],
                "scopes_supported": ["openid", "email", "profile"],
                "token_endpoint_auth_methods_supported": ["client_secret_basic", "client_secret_post"]}

    def claims(self, email: str) -> dict[str, Any]:
        """Who the person is, as the ID token and userinfo say it."""
        subject = hashlib.sha256(email.encode()).hexdigest()[:20]
        return {"sub": subject, "email": email, "email_verified": True, "name": email.split("@")[0].title()}

    def secrets_toml(self, redirect_uri: str, cookie_secret: str) -> str:
        """The `[auth]` section an app instance answering at `redirect_uri` needs."""
        values = {"redirect_uri": redirect_uri, "cookie_secret": cookie_secret, "client_id": CLIENT_ID,
                  "client_secret": self.client_secret, "server_metadata_url": self.metadata_url}
        return "[auth]\n" + "".join(f"{name} = {json.dumps(value)}\n" for name, value in values.items())

    def grant(self, form: dict[str, str]) -> str:
        """An authorization code for the person who typed their e-mail; ValueError for a client not known."""
        if form.get("client_id") != CLIENT_ID or form.get("redirect_uri") not in self.redirect_uris:
            raise ValueError("unknown client or redirect_uri")
        code = secrets.token_urlsafe(16)
        with self.lock:
            self.codes[code] = Grant(form["email"].strip().lower(), form["redirect_uri"], form.get("nonce", ""))
        return code

    def tokens(self, form: dict[str, str], client: tuple[str, str]) -> dict[str, Any]:
        """Trade a code (once) for an ID token and an access token; ValueError when anything does not match."""
        if client != (CLIENT_ID, self.client_secret) or form.get("grant_type") != "authorization_code":
            raise ValueError("invalid_client")
        with self.lock:
            grant = self.codes.pop(form.get("code", ""), None)
        if grant is None or grant.redirect_uri != form.get("redirect_uri"):
            raise ValueError("invalid_grant")
        now = int(time.time())
        claims = {**self.claims(grant.email), "iss": self.issuer, "aud": CLIENT_ID, "iat": now,
                  "exp": now + TOKEN_SECONDS, "auth_time": now}
        if grant.nonce:
            claims["nonce"] = grant.nonce
        id_token = jwt.encode({"alg": "RS256", "kid": "test-key"}, claims, self.key)
        access_token = secrets.token_urlsafe(24)
        with self.lock:
            self.access_tokens[access_token] = grant.email
            self.signed_in.append(grant.email)
        return {"access_token": access_token, "token_type": "Bearer", "expires_in": TOKEN_SECONDS,
                "id_token": id_token, "scope": "openid email profile"}


def client_of(handler: BaseHTTPRequestHandler, form: dict[str, str]) -> tuple[str, str]:
    """The client id and secret, from HTTP Basic (Authlib's default) or the form."""
    header = handler.headers.get("Authorization", "")
    if header.startswith("Basic "):
        user, _, password = base64.b64decode(header[6:]).decode().partition(":")
        return user, password
    return form.get("client_id", ""), form.get("client_secret", "")


def make_handler(provider: Provider) -> type[BaseHTTPRequestHandler]:
    """The request handler serving `provider`."""

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
            pass

        def reply(self, status: int, body: str, kind: str = "application/json", headers: dict | None = None) -> None:
            data = body.encode()
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(data)))
            self.send_header("Cache-Control", "no-store")
            for name, value in (headers or {}).items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(data)

        def form(self) -> dict[str, str]:
            length = int(self.headers.get("Content-Length", "0"))
            return {k: v[0] for k, v in parse_qs(self.rfile.read(length).decode()).items()}

        def do_GET(self) -> None:  # noqa: N802 - http.server's name
            url = urlsplit(self.path)
            query = {k: v[0] for k, v in parse_qs(url.query).items()}
            if url.path == "/.well-known/openid-configuration":
                self.reply(200, json.dumps(provider.metadata()))
            elif url.path == "/jwks":
                self.reply(200, json.dumps({"keys": [provider.key.as_dict(private=False)]}))
            elif url.path == "/authorize":
                kept = ("client_id", "redirect_uri", "state", "nonce", "scope", "response_type")
                hidden = "".join(f'<input type="hidden" name="{name}" value="{html.escape(query.get(name, ""))}">'
                                 for name in kept)
                self.reply(200, LOGIN_FORM.format(hidden=hidden), "text/html; charset=utf-8")
            elif url.path == "/userinfo":
                email = provider.access_tokens.get(self.headers.get("Authorization", "").removeprefix("Bearer "))
                if email is None:
                    self.reply(401, json.dumps({"error": "invalid_token"}))
                else:
                    self.reply(200, json.dumps(provider.claims(email)))
            else:
                self.reply(404, json.dumps({"error": "not_found"}))

        def do_POST(self) -> None:  # noqa: N802 - http.server's name
            form = self.form()
            try:
                if self.path == "/authorize":
                    code = provider.grant(form)
                    target = f"{form['redirect_uri']}?{urlencode({'code': code, 'state': form.get('state', '')})}"
                    self.reply(302, "", "text/plain", {"Location": target})
                elif self.path == "/token":
                    self.reply(200, json.dumps(provider.tokens(form, client_of(self, form))))
                else:
                    self.reply(404, json.dumps({"error": "not_found"}))
            except (ValueError, KeyError) as error:
                self.reply(400, json.dumps({"error": str(error)}))

    return Handler


@pytest.fixture(scope="module")
def oidc_provider() -> Iterator[Provider]:
    """A running provider on a free port of 127.0.0.1, stopped after the module."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), make_handler(Provider("")))
    provider = Provider(f"http://127.0.0.1:{server.server_address[1]}")
    server.RequestHandlerClass = make_handler(provider)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield provider
    finally:
        server.shutdown()
        server.server_close()
