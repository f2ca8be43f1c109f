"""What the server uses of the tutor: the prompt format, the edit constraint, the guard."""
