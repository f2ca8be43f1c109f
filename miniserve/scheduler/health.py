"""Readiness in one place: each part of the service sets its flag; /readyz reads them all."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Health:
    model_loaded: bool = False
    warmed_up: bool = False  # a warm-up step compiled (or loaded) every kernel
    scheduler_alive: bool = False
    last_step_ok: bool = True
    last_error: str = ""
    draining: bool = False
    fatal: str = ""  # the scheduler died (a bug): this process can serve no more and must be restarted

    def step_succeeded(self) -> None:
        self.last_step_ok, self.last_error = True, ""

    def step_failed(self, error: BaseException) -> None:
        self.last_step_ok, self.last_error = False, f"{type(error).__name__}: {error}"

    def scheduler_died(self, error: BaseException) -> None:
        self.step_failed(error)
        self.fatal = f"the scheduler died: {self.last_error}"

    def dead_reason(self) -> str | None:
        """Why liveness fails (restart me), or None. Only a dead scheduler: a failed step, a load
        still running or a drain is not a reason to restart."""
        return self.fatal or None

    def not_ready_reason(self) -> str | None:
        """None when ready, else why not (a failed last step counts: it shows on /readyz)."""
        reason = self.unavailable_reason()
        if reason is None and not self.last_step_ok:
            return f"last engine step failed: {self.last_error}"
        return reason

    def unavailable_reason(self) -> str | None:
        """Why no request can be served now, or None. A failed last step is not such a reason:
        the next request is how the engine shows it has recovered."""
        if not self.model_loaded:
            return "model not loaded"
        if not self.warmed_up:
            return "kernels not warmed up"
        if not self.scheduler_alive:
            return f"scheduler not running{': ' + self.last_error if self.last_error else ''}"
        if self.draining:
            return "draining for shutdown"
        return None
