"""What a request means, independent of HTTP: tutoring, intake, paragraphs, completions."""
