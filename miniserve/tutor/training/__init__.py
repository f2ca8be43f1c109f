"""Training the tutor: tokenizer, the torch training loop, the shipped model's stages."""
