"""The tutor's training data: template corpora (v1, v2) and real English with injected errors."""
