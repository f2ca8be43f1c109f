"""The HTTP edge: the Quart app, its routes, the ASGI layers in front of it, error answers, SSE."""
