"""A small OpenID Connect provider on 127.0.0.1, for the login tests: no outside network.

It speaks the authorization-code flow as Streamlit's ``st.login`` (Authlib's client) uses it: discovery
(``/.well-known/openid-configuration``), an authorization page with one button per test user, a token endpoint
that checks the client's secret, the code, its redirect address and the PKCE verifier, and returns an ID token
signed with RS256 (the ``iss``, ``sub``, ``aud``, ``exp``, ``iat``, ``nonce`` claims a client verifies), the key
set (``/jwks``) and ``/userinfo``. Signing uses joserfc, Authlib's own JOSE library. A code is used once.
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import secrets
import threading
import time
import urllib.parse
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from joserfc import jwt
from joserfc.jwk import RSAKey

CLIENT_ID = "fsviz-test"
CLIENT_SECRET = secrets.token_urlsafe(24)


class Provider:
    """The provider's state: its key, its users (``sub`` → claims) and the codes it has given out."""

    def __init__(self, users: dict[str, dict]):
        self.key = RSAKey.generate_key(2048, parameters={"kid": "test-key", "use": "sig", "alg": "RS256"})
        self.users = users
        self.codes: dict[str, dict] = {}
        self.issuer = ""
        self.lock = threading.Lock()

    def metadata(self) -> dict:
        return {
            "issuer": self.issuer,
            "authorization_endpoint": f"{self.issuer}/authorize",
            "token_endpoint": f"{self.issuer}/token",
            "userinfo_endpoint": f"{self.issuer}/userinfo",
            "jwks_uri": f"{self.issuer}/jwks",
            "response_types_supported": ["code"],
            "subject_types_supported": ["public"],
            "id_token_signing_alg_values_supported": ["RS256"],
            "token_endpoint_auth_methods_supported": ["client_secret_basic", "client_secret_post"],
            "code_challenge_methods_supported": ["S256"],
            "scopes_supported": ["openid", "email", "profile"],
        }

    def give_code(self, sub: str, query: dict) -> str:
        code = secrets.token_urlsafe(24)
        with self.lock:
            self.codes[code] = {"sub": sub, **query}
        return code

    def token(self, form: dict, client: tuple[str, str]) -> tuple[int, dict]:
        if client != (CLIENT_ID, CLIENT_SECRET):
            return 401, {"error": "invalid_client"}
        with self.lock:
            grant = self.codes.pop(form.get("code", ""), None)  # a code is used once
        if grant is None or form.get("redirect_uri") != grant.get("redirect_uri"):
            return 400, {"error": "invalid_grant"}
        if grant.get("code_challenge"):
            verifier = form.get("code_verifier", "").encode()
            digest = base64.urlsafe_b64encode(hashlib.sha256(verifier).digest()).rstrip(b"=").decode()
            if digest != grant["code_challenge"]:
                return 400, {"error": "invalid_grant", "error_description": "PKCE verifier"}
        now = int(time.time())
        claims = {"iss": self.issuer, "sub": grant["sub"], "aud": CLIENT_ID, "iat": now, "exp": now + 600,
                  **self.users[grant["sub"]]}
        if grant.get("nonce"):
            claims["nonce"] = grant["nonce"]
        id_token = jwt.encode({"alg": "RS256", "kid": "test-key"}, claims, self.key)
        return 200, {"access_token": secrets.token_urlsafe(24), "token_type": "Bearer", "expires_in": 600,
                     "id_token": id_token, "scope": grant.get("scope", "openid")}


def _handler(provider: Provider):
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args):  # quiet
            pass

        def _send(self, status: int, body: bytes, kind: str, headers: dict | None = None):
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            for name, value in (headers or {}).items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(body)

        def _json(self, status: int, data: dict):
            self._send(status, json.dumps(data).encode(), "application/json")

        def do_GET(self):  # noqa: N802 (http.server's name)
            url = urllib.parse.urlsplit(self.path)
            query = dict(urllib.parse.parse_qsl(url.query))
            if url.path == "/.well-known/openid-configuration":
                return self._json(200, provider.metadata())
            if url.path == "/jwks":
                return self._json(200, {"keys": [provider.key.as_dict(private=False)]})
            if url.path == "/authorize":
                if query.get("client_id") != CLIENT_ID or query.get("response_type") != "code":
                    return self._json(400, {"error": "invalid_request"})
                hidden = "".join(f'<input type="hidden" name="{html.escape(k)}" value="{html.escape(v)}">'
                                 for k, v in query.items())
                buttons = "".join(f'<button name="sub" value="{html.escape(sub)}">Sign in as {html.escape(sub)}'
                                  "</button>" for sub in provider.users)
                page = f"<html><body><form method='post' action='/authorize'>{hidden}{buttons}</form></body></html>"
                return self._send(200, page.encode(), "text/html; charset=utf-8")
            if url.path == "/userinfo":
                return self._json(401, {"error": "invalid_token"})
            return self._json(404, {"error": "not_found"})

        def do_POST(self):  # noqa: N802
            length = int(self.headers.get("Content-Length") or 0)
            form = dict(urllib.parse.parse_qsl(self.rfile.read(length).decode()))
            path = urllib.parse.urlsplit(self.path).path
            if path == "/authorize":
                sub = form.pop("sub", "")
                if sub not in provider.users:
                    return self._json(400, {"error": "access_denied"})
                code = provider.give_code(sub, form)
                back = {"code": code, **({"state": form["state"]} if "state" in form else {})}
                target = f"{form['redirect_uri']}?{urllib.parse.urlencode(back)}"
                return self._send(302, b"", "text/plain", {"Location": target})
            if path == "/token":
                client = (form.get("client_id", ""), form.get("client_secret", ""))
                basic = self.headers.get("Authorization", "")
                if basic.startswith("Basic "):
                    pair = base64.b64decode(basic[6:]).decode()
                    name, _, secret = pair.partition(":")
                    client = (urllib.parse.unquote_plus(name), urllib.parse.unquote_plus(secret))
                status, data = provider.token(form, client)
                return self._json(status, data)
            return self._json(404, {"error": "not_found"})

    return Handler


@contextmanager
def oidc_provider(users: dict[str, dict]):
    """Serve a provider for ``users`` (``sub`` → extra claims such as ``name`` and ``email``) on a free port of
    127.0.0.1; yields its issuer address (the discovery document is at ``/.well-known/openid-configuration``)."""
    provider = Provider(users)
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(provider))
    provider.issuer = f"http://127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield provider.issuer
    finally:
        server.shutdown()
        server.server_close()
