"""Evaluating the tutor on generated splits and hand-written sets."""
