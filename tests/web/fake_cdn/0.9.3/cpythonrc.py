# fake cpythonrc.py: the fake runtime never runs Python
