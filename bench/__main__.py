"""Run every benchmark and print its figures: `make bench`."""

from bench import flat_cost, local_model, policies, stress

if __name__ == "__main__":
    flat_cost.main()
    print()
    stress.main()
    print()
    policies.main()
    print()
    local_model.main()
