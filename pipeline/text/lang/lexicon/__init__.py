"""Data of the OCR corrector (pipeline/correct.py): ѣ-roots and endings, Russian word frequencies."""
