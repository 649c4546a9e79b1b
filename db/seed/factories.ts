/**
 * Builders of valid records, shared by the seed and the tests.
 */
import type { CarInput } from "~/fleet/cars.server";
import { liraToKurus } from "~/utils/money";
import { SEED_FLEET, type SeedCar } from "./fleet";

export function carInputFrom(seed: SeedCar, overrides: Partial<CarInput> = {}): CarInput {
  return {
    name: seed.name,
    make: seed.make,
    model: seed.model,
    category: seed.category,
    year: seed.year,
    fuel_type: seed.fuel_type,
    seats: seed.seats,
    luggage: seed.luggage,
    price_per_km: liraToKurus(seed.price_per_km),
    price_per_day: liraToKurus(seed.price_per_day),
    status: seed.status,
    description: seed.description,
    features: seed.features,
    images: [],
    ...overrides,
  };
}

/** A valid car, the first of the demo fleet unless told otherwise. */
export function buildCar(overrides: Partial<CarInput> = {}, seed: SeedCar = SEED_FLEET[0]!): CarInput {
  return carInputFrom(seed, overrides);
}
