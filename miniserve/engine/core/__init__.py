"""The engine core in a process of its own (`miniserve serve --engine-process 1`): the model, the KV
cache, the core loop and its compute thread live there; the API process talks to it over a unix
socket with msgspec messages. With `--api-processes N` one core serves N API processes' links.
See docs/engine.md ("The engine core process").

- `wire.py`: the messages and their framing, both directions.
- `describe.py`: constraints and stop conditions as small descriptions the core rebuilds.
- `worker.py`: the compute thread (the in-process mode runs it in the server, this mode in the core).
- `client.py` (the core's handle: a child core, or a link to a shared one) and `remote_worker.py`
  (the Worker's interface over the link): the API side.
- `server.py` and `__main__.py`: the core process itself."""
