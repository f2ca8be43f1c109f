"""The client's address behind a reverse proxy. `X-Forwarded-For` is believed only when the peer
that sent it is one of the configured proxies (`--trusted-proxies`, as uvicorn's
`--forwarded-allow-ips`): each proxy appends the address it saw, so the client is the right-most
address that is not itself a trusted proxy. Anything to its left was written by the client and may
be forged. The layer puts that address in scope["client"], where the rate limit and the access log
read it."""

from __future__ import annotations

import ipaddress


def networks(spec: str) -> tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]:
    """"10.0.0.0/8, 127.0.0.1" -> networks; ValueError names an entry that is neither an address nor a CIDR."""
    return tuple(ipaddress.ip_network(item.strip(), strict=False) for item in spec.split(",") if item.strip())


class ForwardedFor:
    def __init__(self, app, trusted: str):
        self.app, self.trusted = app, networks(trusted)

    def is_trusted(self, address: str) -> bool:
        try:
            ip = ipaddress.ip_address(address.strip())
        except ValueError:  # "unknown", a host name, garbage: never a proxy of ours
            return False
        ip = getattr(ip, "ipv4_mapped", None) or ip
        return any(ip in network for network in self.trusted)

    def client(self, peer: str, forwarded: list[bytes]) -> str:
        if not self.is_trusted(peer):
            return peer
        hops = [hop.strip() for value in forwarded for hop in value.decode("latin-1").split(",") if hop.strip()]
        for hop in reversed(hops):
            if not self.is_trusted(hop):
                return hop
        return hops[0] if hops else peer  # only proxies on the way: the first one is the client

    async def __call__(self, scope, receive, send):
        if scope["type"] in ("http", "websocket") and self.trusted and scope.get("client"):
            forwarded = [value for name, value in scope.get("headers", []) if name.lower() == b"x-forwarded-for"]
            if forwarded:  # the peer stays known to admission.py, which matches it with the shedder's
                scope["miniserve.peer"] = scope["client"]
                scope["client"] = (self.client(scope["client"][0], forwarded), 0)
        await self.app(scope, receive, send)
