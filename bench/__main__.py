"""Run every benchmark and print its figures: `make bench`."""

from bench import local_model

if __name__ == "__main__":
    local_model.main()
