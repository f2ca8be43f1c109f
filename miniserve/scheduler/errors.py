"""What `enqueue` / `submit` raise to handlers."""


class Overloaded(Exception):
    def __init__(self, retry_after: int):
        super().__init__(f"the waiting queue is full; retry in {retry_after} s")
        self.retry_after = retry_after


class Unavailable(Exception):
    """The scheduler is not running (dead, or shutting down)."""


class StepFailed(Exception):
    """The engine step that carried this request raised."""
