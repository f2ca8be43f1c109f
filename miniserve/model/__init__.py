"""The model format (GPT-2 weights, checked) and the NumPy reference forward pass."""
