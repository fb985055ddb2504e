import GRDB

/// The diary schema's history. Append new migrations; never edit one that has shipped.
package enum DiaryMigrations {
    package static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("createMeal") { db in
            try db.execute(
                sql: """
                    CREATE TABLE meal (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        -- Wall-clock time where it was eaten, so a meal stays on the day the person lived it.
                        eaten_local TEXT NOT NULL CHECK (eaten_local GLOB
                            '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]'),
                        utc_offset_minutes INTEGER NOT NULL CHECK (utc_offset_minutes BETWEEN -840 AND 840),
                        notes TEXT NOT NULL DEFAULT '' CHECK (length(notes) <= 10000),
                        created_at TEXT NOT NULL,
                        updated_at TEXT NOT NULL
                    ) STRICT;
                    CREATE INDEX meal_by_eaten_local ON meal(eaten_local DESC, id DESC);
                    """)
        }
        migrator.registerMigration("addMealDraft") { db in
            // A meal being put together with its foods stays a draft, out of every list, until it is
            // finished; cancelling or abandoning it removes it with its entries.
            try db.execute(
                sql: """
                    ALTER TABLE meal ADD COLUMN is_draft INTEGER NOT NULL DEFAULT 0 CHECK (is_draft IN (0, 1));
                    CREATE INDEX meal_drafts ON meal(updated_at) WHERE is_draft = 1;
                    """)
        }
        migrator.registerMigration("createFoodEntry") { db in
            // Each entry is a snapshot: names, ids and nutrients for a basis amount (100 g for USDA
            // data, the serving for a label) plus those nutrients scaled to the grams eaten.
            try db.execute(
                sql: """
                    CREATE TABLE food_entry (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        meal_id INTEGER NOT NULL REFERENCES meal(id) ON DELETE CASCADE,
                        data_type TEXT NOT NULL CHECK (data_type IN ('sr_legacy', 'hand_typed')),
                        catalog_food_id INTEGER,
                        ndb_number TEXT,
                        description TEXT NOT NULL CHECK (length(description) BETWEEN 1 AND 200),
                        brand_owner TEXT CHECK (length(brand_owner) BETWEEN 1 AND 200),
                        grams REAL NOT NULL CHECK (grams > 0 AND grams <= 5000),
                        portion_label TEXT NOT NULL,
                        basis_grams REAL NOT NULL CHECK (basis_grams > 0),
                        basis_energy_kcal REAL CHECK (basis_energy_kcal >= 0),
                        basis_protein_g REAL CHECK (basis_protein_g >= 0),
                        basis_fat_g REAL CHECK (basis_fat_g >= 0),
                        basis_carbohydrate_g REAL CHECK (basis_carbohydrate_g >= 0),
                        basis_sodium_mg REAL CHECK (basis_sodium_mg >= 0),
                        basis_fiber_g REAL CHECK (basis_fiber_g >= 0),
                        basis_sugars_g REAL CHECK (basis_sugars_g >= 0),
                        basis_saturated_fat_g REAL CHECK (basis_saturated_fat_g >= 0),
                        basis_cholesterol_mg REAL CHECK (basis_cholesterol_mg >= 0),
                        basis_potassium_mg REAL CHECK (basis_potassium_mg >= 0),
                        energy_kcal REAL CHECK (energy_kcal >= 0),
                        protein_g REAL CHECK (protein_g >= 0),
                        fat_g REAL CHECK (fat_g >= 0),
                        carbohydrate_g REAL CHECK (carbohydrate_g >= 0),
                        sodium_mg REAL CHECK (sodium_mg >= 0),
                        fiber_g REAL CHECK (fiber_g >= 0),
                        sugars_g REAL CHECK (sugars_g >= 0),
                        saturated_fat_g REAL CHECK (saturated_fat_g >= 0),
                        cholesterol_mg REAL CHECK (cholesterol_mg >= 0),
                        potassium_mg REAL CHECK (potassium_mg >= 0),
                        created_at TEXT NOT NULL,
                        updated_at TEXT NOT NULL,
                        CHECK ((data_type = 'sr_legacy') = (ndb_number IS NOT NULL))
                    ) STRICT;
                    CREATE INDEX food_entry_by_meal ON food_entry(meal_id, id);
                    """)
        }
        migrator.registerMigration("createSavedFood") { db in
            // Foods kept for reuse, as snapshots like entries, with the amount a tap adds.
            try db.execute(
                sql: """
                    CREATE TABLE saved_food (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        data_type TEXT NOT NULL CHECK (data_type IN ('sr_legacy', 'hand_typed')),
                        catalog_food_id INTEGER,
                        ndb_number TEXT,
                        description TEXT NOT NULL CHECK (length(description) BETWEEN 1 AND 200),
                        brand_owner TEXT CHECK (length(brand_owner) BETWEEN 1 AND 200),
                        basis_grams REAL NOT NULL CHECK (basis_grams > 0),
                        basis_energy_kcal REAL CHECK (basis_energy_kcal >= 0),
                        basis_protein_g REAL CHECK (basis_protein_g >= 0),
                        basis_fat_g REAL CHECK (basis_fat_g >= 0),
                        basis_carbohydrate_g REAL CHECK (basis_carbohydrate_g >= 0),
                        basis_sodium_mg REAL CHECK (basis_sodium_mg >= 0),
                        basis_fiber_g REAL CHECK (basis_fiber_g >= 0),
                        basis_sugars_g REAL CHECK (basis_sugars_g >= 0),
                        basis_saturated_fat_g REAL CHECK (basis_saturated_fat_g >= 0),
                        basis_cholesterol_mg REAL CHECK (basis_cholesterol_mg >= 0),
                        basis_potassium_mg REAL CHECK (basis_potassium_mg >= 0),
                        default_grams REAL NOT NULL CHECK (default_grams > 0 AND default_grams <= 5000),
                        default_portion_label TEXT NOT NULL,
                        created_at TEXT NOT NULL,
                        CHECK ((data_type = 'sr_legacy') = (ndb_number IS NOT NULL))
                    ) STRICT;
                    CREATE UNIQUE INDEX saved_food_once_per_catalog_food ON saved_food(catalog_food_id)
                        WHERE catalog_food_id IS NOT NULL;
                    CREATE UNIQUE INDEX saved_food_once_per_typed_food ON saved_food(description, ifnull(brand_owner, ''), basis_grams)
                        WHERE catalog_food_id IS NULL;
                    """)
        }
        migrator.registerMigration("createPhoto") { db in
            // A photo's bytes live in <data-dir>/photos, named by their SHA-256; this is what we
            // learnt from them. Two meals with the same picture share one row and one file.
            try db.execute(
                sql: """
                    CREATE TABLE photo (
                        sha256 TEXT PRIMARY KEY CHECK (length(sha256) = 64 AND sha256 NOT GLOB '*[^0-9a-f]*'),
                        media_type TEXT NOT NULL CHECK (media_type IN ('image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif')),
                        byte_count INTEGER NOT NULL CHECK (byte_count > 0),
                        width_px INTEGER NOT NULL CHECK (width_px > 0),
                        height_px INTEGER NOT NULL CHECK (height_px > 0),
                        -- From EXIF: the camera's wall clock, its offset when it wrote one, and GPS.
                        taken_local TEXT CHECK (taken_local GLOB
                            '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]'),
                        taken_utc_offset_minutes INTEGER CHECK (taken_utc_offset_minutes BETWEEN -840 AND 840),
                        latitude REAL CHECK (latitude BETWEEN -90 AND 90),
                        longitude REAL CHECK (longitude BETWEEN -180 AND 180),
                        created_at TEXT NOT NULL
                    ) STRICT;
                    ALTER TABLE meal ADD COLUMN photo_sha256 TEXT REFERENCES photo(sha256);
                    CREATE INDEX meal_by_photo ON meal(photo_sha256) WHERE photo_sha256 IS NOT NULL;
                    """)
        }
        migrator.registerMigration("createPlacesAndTags") { db in
            // A place is where meals happen; a meal within 100 m of one joins it. The meal keeps its
            // own coordinates and where they came from.
            try db.execute(
                sql: """
                    CREATE TABLE place (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
                        latitude REAL NOT NULL CHECK (latitude BETWEEN -90 AND 90),
                        longitude REAL NOT NULL CHECK (longitude BETWEEN -180 AND 180),
                        -- What GeoNames called it when it was first seen; null far from any town.
                        geocoded_name TEXT,
                        created_at TEXT NOT NULL
                    ) STRICT;
                    ALTER TABLE meal ADD COLUMN latitude REAL CHECK (latitude BETWEEN -90 AND 90);
                    ALTER TABLE meal ADD COLUMN longitude REAL CHECK (longitude BETWEEN -180 AND 180);
                    ALTER TABLE meal ADD COLUMN location_source TEXT CHECK (location_source IN ('place', 'photo', 'device', 'typed'));
                    ALTER TABLE meal ADD COLUMN place_id INTEGER REFERENCES place(id);
                    CREATE INDEX meal_by_place ON meal(place_id) WHERE place_id IS NOT NULL;
                    CREATE TABLE tag (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        name TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (length(name) BETWEEN 1 AND 60)
                    ) STRICT;
                    CREATE TABLE meal_tag (
                        meal_id INTEGER NOT NULL REFERENCES meal(id) ON DELETE CASCADE,
                        tag_id INTEGER NOT NULL REFERENCES tag(id) ON DELETE CASCADE,
                        position INTEGER NOT NULL,
                        PRIMARY KEY (meal_id, tag_id)
                    ) STRICT, WITHOUT ROWID;
                    CREATE INDEX meal_tag_by_tag ON meal_tag(tag_id);
                    """)
        }
        migrator.registerMigration("addGoalsAndFavourites") { db in
            // One row per nutrient with a daily target; no row means no goal for it.
            try db.execute(
                sql: """
                    CREATE TABLE daily_goal (
                        nutrient TEXT PRIMARY KEY CHECK (nutrient IN
                            ('energyKcal', 'proteinG', 'fatG', 'carbohydrateG', 'sodiumMg', 'fiberG', 'sugarsG')),
                        target REAL NOT NULL CHECK (target > 0)
                    ) STRICT;
                    ALTER TABLE meal ADD COLUMN is_favourite INTEGER NOT NULL DEFAULT 0 CHECK (is_favourite IN (0, 1));
                    CREATE INDEX meal_favourites ON meal(eaten_local DESC) WHERE is_favourite = 1;
                    """)
        }
        migrator.registerMigration("allowQuickAddEntries") { db in
            // A quick add ("restaurant meal, about 900 kcal") has nutrients but no weight, so grams
            // and the basis may be null for it, and only for it. SQLite cannot change a CHECK in
            // place: the table is rebuilt with the same rows and ids (GRDB runs migrations with
            // foreign keys off and checks them all before committing).
            try db.execute(
                sql: """
                    CREATE TABLE food_entry_rebuilt (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        meal_id INTEGER NOT NULL REFERENCES meal(id) ON DELETE CASCADE,
                        data_type TEXT NOT NULL CHECK (data_type IN ('sr_legacy', 'hand_typed', 'quick_add')),
                        catalog_food_id INTEGER,
                        ndb_number TEXT,
                        description TEXT NOT NULL CHECK (length(description) BETWEEN 1 AND 200),
                        brand_owner TEXT CHECK (length(brand_owner) BETWEEN 1 AND 200),
                        grams REAL CHECK (grams > 0 AND grams <= 5000),
                        portion_label TEXT NOT NULL,
                        basis_grams REAL CHECK (basis_grams > 0),
                        basis_energy_kcal REAL CHECK (basis_energy_kcal >= 0),
                        basis_protein_g REAL CHECK (basis_protein_g >= 0),
                        basis_fat_g REAL CHECK (basis_fat_g >= 0),
                        basis_carbohydrate_g REAL CHECK (basis_carbohydrate_g >= 0),
                        basis_sodium_mg REAL CHECK (basis_sodium_mg >= 0),
                        basis_fiber_g REAL CHECK (basis_fiber_g >= 0),
                        basis_sugars_g REAL CHECK (basis_sugars_g >= 0),
                        basis_saturated_fat_g REAL CHECK (basis_saturated_fat_g >= 0),
                        basis_cholesterol_mg REAL CHECK (basis_cholesterol_mg >= 0),
                        basis_potassium_mg REAL CHECK (basis_potassium_mg >= 0),
                        energy_kcal REAL CHECK (energy_kcal >= 0),
                        protein_g REAL CHECK (protein_g >= 0),
                        fat_g REAL CHECK (fat_g >= 0),
                        carbohydrate_g REAL CHECK (carbohydrate_g >= 0),
                        sodium_mg REAL CHECK (sodium_mg >= 0),
                        fiber_g REAL CHECK (fiber_g >= 0),
                        sugars_g REAL CHECK (sugars_g >= 0),
                        saturated_fat_g REAL CHECK (saturated_fat_g >= 0),
                        cholesterol_mg REAL CHECK (cholesterol_mg >= 0),
                        potassium_mg REAL CHECK (potassium_mg >= 0),
                        created_at TEXT NOT NULL,
                        updated_at TEXT NOT NULL,
                        CHECK ((data_type = 'sr_legacy') = (ndb_number IS NOT NULL)),
                        CHECK ((data_type = 'quick_add') = (grams IS NULL)),
                        CHECK ((data_type = 'quick_add') = (basis_grams IS NULL))
                    ) STRICT;
                    INSERT INTO food_entry_rebuilt (id, meal_id, data_type, catalog_food_id, ndb_number, description, brand_owner, grams, portion_label, basis_grams, basis_energy_kcal, basis_protein_g, basis_fat_g, basis_carbohydrate_g, basis_sodium_mg, basis_fiber_g, basis_sugars_g, basis_saturated_fat_g, basis_cholesterol_mg, basis_potassium_mg, energy_kcal, protein_g, fat_g, carbohydrate_g, sodium_mg, fiber_g, sugars_g, saturated_fat_g, cholesterol_mg, potassium_mg, created_at, updated_at) SELECT id, meal_id, data_type, catalog_food_id, ndb_number, description, brand_owner, grams, portion_label, basis_grams, basis_energy_kcal, basis_protein_g, basis_fat_g, basis_carbohydrate_g, basis_sodium_mg, basis_fiber_g, basis_sugars_g, basis_saturated_fat_g, basis_cholesterol_mg, basis_potassium_mg, energy_kcal, protein_g, fat_g, carbohydrate_g, sodium_mg, fiber_g, sugars_g, saturated_fat_g, cholesterol_mg, potassium_mg, created_at, updated_at FROM food_entry;
                    DROP TABLE food_entry;
                    ALTER TABLE food_entry_rebuilt RENAME TO food_entry;
                    CREATE INDEX food_entry_by_meal ON food_entry(meal_id, id);
                    """)
        }
        migrator.registerMigration("createMyFoodsAndRecipes") { db in
            // My foods: label foods kept for good, with nutrients per serving and an optional photo.
            // Recipes: ingredients with their own snapshots, like diary entries; an ingredient from
            // My foods remembers which, so that food cannot be deleted while a recipe uses it.
            try db.execute(
                sql: """
                    CREATE TABLE my_food (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
                        brand_owner TEXT CHECK (length(brand_owner) BETWEEN 1 AND 200),
                        serving_grams REAL NOT NULL CHECK (serving_grams > 0 AND serving_grams <= 5000),
                        serving_label TEXT CHECK (length(serving_label) BETWEEN 1 AND 60),
                        energy_kcal REAL CHECK (energy_kcal >= 0),
                        protein_g REAL CHECK (protein_g >= 0),
                        fat_g REAL CHECK (fat_g >= 0),
                        carbohydrate_g REAL CHECK (carbohydrate_g >= 0),
                        sodium_mg REAL CHECK (sodium_mg >= 0),
                        fiber_g REAL CHECK (fiber_g >= 0),
                        sugars_g REAL CHECK (sugars_g >= 0),
                        saturated_fat_g REAL CHECK (saturated_fat_g >= 0),
                        cholesterol_mg REAL CHECK (cholesterol_mg >= 0),
                        potassium_mg REAL CHECK (potassium_mg >= 0),
                        photo_sha256 TEXT REFERENCES photo(sha256),
                        created_at TEXT NOT NULL,
                        updated_at TEXT NOT NULL
                    ) STRICT;
                    CREATE TABLE recipe (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
                        servings REAL NOT NULL CHECK (servings > 0 AND servings <= 1000),
                        notes TEXT NOT NULL DEFAULT '' CHECK (length(notes) <= 10000),
                        photo_sha256 TEXT REFERENCES photo(sha256),
                        created_at TEXT NOT NULL,
                        updated_at TEXT NOT NULL
                    ) STRICT;
                    CREATE TABLE recipe_ingredient (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        recipe_id INTEGER NOT NULL REFERENCES recipe(id) ON DELETE CASCADE,
                        my_food_id INTEGER REFERENCES my_food(id) ON DELETE RESTRICT,
                        data_type TEXT NOT NULL CHECK (data_type IN ('sr_legacy', 'hand_typed')),
                        catalog_food_id INTEGER,
                        ndb_number TEXT,
                        description TEXT NOT NULL CHECK (length(description) BETWEEN 1 AND 200),
                        brand_owner TEXT CHECK (length(brand_owner) BETWEEN 1 AND 200),
                        grams REAL NOT NULL CHECK (grams > 0 AND grams <= 5000),
                        portion_label TEXT NOT NULL,
                        basis_grams REAL NOT NULL CHECK (basis_grams > 0),
                        basis_energy_kcal REAL CHECK (basis_energy_kcal >= 0),
                        basis_protein_g REAL CHECK (basis_protein_g >= 0),
                        basis_fat_g REAL CHECK (basis_fat_g >= 0),
                        basis_carbohydrate_g REAL CHECK (basis_carbohydrate_g >= 0),
                        basis_sodium_mg REAL CHECK (basis_sodium_mg >= 0),
                        basis_fiber_g REAL CHECK (basis_fiber_g >= 0),
                        basis_sugars_g REAL CHECK (basis_sugars_g >= 0),
                        basis_saturated_fat_g REAL CHECK (basis_saturated_fat_g >= 0),
                        basis_cholesterol_mg REAL CHECK (basis_cholesterol_mg >= 0),
                        basis_potassium_mg REAL CHECK (basis_potassium_mg >= 0),
                        energy_kcal REAL CHECK (energy_kcal >= 0),
                        protein_g REAL CHECK (protein_g >= 0),
                        fat_g REAL CHECK (fat_g >= 0),
                        carbohydrate_g REAL CHECK (carbohydrate_g >= 0),
                        sodium_mg REAL CHECK (sodium_mg >= 0),
                        fiber_g REAL CHECK (fiber_g >= 0),
                        sugars_g REAL CHECK (sugars_g >= 0),
                        saturated_fat_g REAL CHECK (saturated_fat_g >= 0),
                        cholesterol_mg REAL CHECK (cholesterol_mg >= 0),
                        potassium_mg REAL CHECK (potassium_mg >= 0),
                        created_at TEXT NOT NULL,
                        CHECK ((data_type = 'sr_legacy') = (ndb_number IS NOT NULL))
                    ) STRICT;
                    CREATE INDEX recipe_ingredient_by_recipe ON recipe_ingredient(recipe_id, id);
                    CREATE INDEX recipe_ingredient_by_my_food ON recipe_ingredient(my_food_id) WHERE my_food_id IS NOT NULL;
                    """)
        }
        migrator.registerMigration("saveDraftMeals") { db in
            // A meal whose Save was pressed is saved: drafts that an earlier version kept out of every
            // list become ordinary meals, and nothing marks a meal as a draft again.
            try db.execute(
                sql: """
                    DROP INDEX meal_drafts;
                    ALTER TABLE meal DROP COLUMN is_draft;
                    """)
        }
        migrator.registerMigration("indexForFastPages") { db in
            // A place's page lists its meals newest first, and the places page shows each place's
            // first and last visit as UTC instants; without the first two indexes both read every
            // meal there. The expression is PlaceQueries.mealInstantSQL's, as written when this
            // landed. The last two let a page of meals read its foods' energy and its tags in
            // order from the indexes alone.
            try db.execute(
                sql: """
                    CREATE INDEX meal_by_place_eaten_local ON meal(place_id, eaten_local DESC, id DESC) WHERE place_id IS NOT NULL;
                    CREATE INDEX meal_instant_by_place
                        ON meal(place_id, datetime(eaten_local || ':00', printf('%+d minutes', -utc_offset_minutes)))
                        WHERE place_id IS NOT NULL;
                    CREATE INDEX food_entry_energy_by_meal ON food_entry(meal_id, energy_kcal);
                    CREATE INDEX meal_tag_in_order ON meal_tag(meal_id, position, tag_id);
                    """)
        }
        migrator.registerMigration("createMealShare") { db in
            // A meal shared out in a household: on the sharer's meal, one 'with' row per person it
            // was also logged for; on each copy, one 'from' row naming who shared it. Names are kept
            // as text, so a share still reads right after its person is removed. `share_key` is the
            // form's, so sending the same share twice copies and scales once.
            try db.execute(
                sql: """
                    CREATE TABLE meal_share (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        meal_id INTEGER NOT NULL REFERENCES meal(id) ON DELETE CASCADE,
                        direction TEXT NOT NULL CHECK (direction IN ('with', 'from')),
                        person_name TEXT NOT NULL CHECK (length(person_name) BETWEEN 1 AND 64),
                        share_key TEXT NOT NULL CHECK (length(share_key) BETWEEN 16 AND 64),
                        -- The servings the person named ('with') or this diary's person ('from') had,
                        -- of the servings the shared foods made.
                        servings REAL NOT NULL CHECK (servings > 0),
                        total_servings REAL NOT NULL CHECK (total_servings >= servings),
                        created_at TEXT NOT NULL
                    ) STRICT;
                    CREATE INDEX meal_share_by_meal ON meal_share(meal_id, id);
                    CREATE UNIQUE INDEX meal_share_once ON meal_share(share_key, direction, person_name);
                    """)
        }
        migrator.registerMigration("shareFoodsWithHousehold") { db in
            // A food or recipe its person shares is read by the others of the household where it
            // lives, in this diary; they log it or copy it, never change it.
            try db.execute(
                sql: """
                    ALTER TABLE my_food ADD COLUMN shared_with_household INTEGER NOT NULL DEFAULT 0 CHECK (shared_with_household IN (0, 1));
                    ALTER TABLE recipe ADD COLUMN shared_with_household INTEGER NOT NULL DEFAULT 0 CHECK (shared_with_household IN (0, 1));
                    """)
        }
        migrator.registerMigration("allowFoodDataCentralFoods") { db in
            // Foods from FoodData Central's other data types (survey dishes, Foundation foods,
            // branded products) are logged, saved and put in recipes like SR Legacy ones, without
            // an NDB number. The three tables are rebuilt with the same rows and ids, as
            // allowQuickAddEntries did, because SQLite cannot change a CHECK in place.
            try db.execute(
                sql: """
                    CREATE TABLE food_entry_rebuilt (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        meal_id INTEGER NOT NULL REFERENCES meal(id) ON DELETE CASCADE,
                        data_type TEXT NOT NULL CHECK (data_type IN ('sr_legacy', 'survey_fndds', 'foundation', 'branded', 'hand_typed', 'quick_add')),
                        catalog_food_id INTEGER,
                        ndb_number TEXT,
                        description TEXT NOT NULL CHECK (length(description) BETWEEN 1 AND 200),
                        brand_owner TEXT CHECK (length(brand_owner) BETWEEN 1 AND 200),
                        grams REAL CHECK (grams > 0 AND grams <= 5000),
                        portion_label TEXT NOT NULL,
                        basis_grams REAL CHECK (basis_grams > 0),
                        basis_energy_kcal REAL CHECK (basis_energy_kcal >= 0),
                        basis_protein_g REAL CHECK (basis_protein_g >= 0),
                        basis_fat_g REAL CHECK (basis_fat_g >= 0),
                        basis_carbohydrate_g REAL CHECK (basis_carbohydrate_g >= 0),
                        basis_sodium_mg REAL CHECK (basis_sodium_mg >= 0),
                        basis_fiber_g REAL CHECK (basis_fiber_g >= 0),
                        basis_sugars_g REAL CHECK (basis_sugars_g >= 0),
                        basis_saturated_fat_g REAL CHECK (basis_saturated_fat_g >= 0),
                        basis_cholesterol_mg REAL CHECK (basis_cholesterol_mg >= 0),
                        basis_potassium_mg REAL CHECK (basis_potassium_mg >= 0),
                        energy_kcal REAL CHECK (energy_kcal >= 0),
                        protein_g REAL CHECK (protein_g >= 0),
                        fat_g REAL CHECK (fat_g >= 0),
                        carbohydrate_g REAL CHECK (carbohydrate_g >= 0),
                        sodium_mg REAL CHECK (sodium_mg >= 0),
                        fiber_g REAL CHECK (fiber_g >= 0),
                        sugars_g REAL CHECK (sugars_g >= 0),
                        saturated_fat_g REAL CHECK (saturated_fat_g >= 0),
                        cholesterol_mg REAL CHECK (cholesterol_mg >= 0),
                        potassium_mg REAL CHECK (potassium_mg >= 0),
                        created_at TEXT NOT NULL,
                        updated_at TEXT NOT NULL,
                        CHECK ((data_type = 'sr_legacy') = (ndb_number IS NOT NULL)),
                        CHECK ((data_type = 'quick_add') = (grams IS NULL)),
                        CHECK ((data_type = 'quick_add') = (basis_grams IS NULL))
                    ) STRICT;
                    INSERT INTO food_entry_rebuilt (id, meal_id, data_type, catalog_food_id, ndb_number, description, brand_owner, grams, portion_label, basis_grams, basis_energy_kcal, basis_protein_g, basis_fat_g, basis_carbohydrate_g, basis_sodium_mg, basis_fiber_g, basis_sugars_g, basis_saturated_fat_g, basis_cholesterol_mg, basis_potassium_mg, energy_kcal, protein_g, fat_g, carbohydrate_g, sodium_mg, fiber_g, sugars_g, saturated_fat_g, cholesterol_mg, potassium_mg, created_at, updated_at)
                    SELECT id, meal_id, data_type, catalog_food_id, ndb_number, description, brand_owner, grams, portion_label, basis_grams, basis_energy_kcal, basis_protein_g, basis_fat_g, basis_carbohydrate_g, basis_sodium_mg, basis_fiber_g, basis_sugars_g, basis_saturated_fat_g, basis_cholesterol_mg, basis_potassium_mg, energy_kcal, protein_g, fat_g, carbohydrate_g, sodium_mg, fiber_g, sugars_g, saturated_fat_g, cholesterol_mg, potassium_mg, created_at, updated_at FROM food_entry;
                    DROP TABLE food_entry;
                    ALTER TABLE food_entry_rebuilt RENAME TO food_entry;
                    CREATE INDEX food_entry_by_meal ON food_entry(meal_id, id);
                    CREATE INDEX food_entry_energy_by_meal ON food_entry(meal_id, energy_kcal);

                    CREATE TABLE saved_food_rebuilt (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        data_type TEXT NOT NULL CHECK (data_type IN ('sr_legacy', 'survey_fndds', 'foundation', 'branded', 'hand_typed')),
                        catalog_food_id INTEGER,
                        ndb_number TEXT,
                        description TEXT NOT NULL CHECK (length(description) BETWEEN 1 AND 200),
                        brand_owner TEXT CHECK (length(brand_owner) BETWEEN 1 AND 200),
                        basis_grams REAL NOT NULL CHECK (basis_grams > 0),
                        basis_energy_kcal REAL CHECK (basis_energy_kcal >= 0),
                        basis_protein_g REAL CHECK (basis_protein_g >= 0),
                        basis_fat_g REAL CHECK (basis_fat_g >= 0),
                        basis_carbohydrate_g REAL CHECK (basis_carbohydrate_g >= 0),
                        basis_sodium_mg REAL CHECK (basis_sodium_mg >= 0),
                        basis_fiber_g REAL CHECK (basis_fiber_g >= 0),
                        basis_sugars_g REAL CHECK (basis_sugars_g >= 0),
                        basis_saturated_fat_g REAL CHECK (basis_saturated_fat_g >= 0),
                        basis_cholesterol_mg REAL CHECK (basis_cholesterol_mg >= 0),
                        basis_potassium_mg REAL CHECK (basis_potassium_mg >= 0),
                        default_grams REAL NOT NULL CHECK (default_grams > 0 AND default_grams <= 5000),
                        default_portion_label TEXT NOT NULL,
                        created_at TEXT NOT NULL,
                        CHECK ((data_type = 'sr_legacy') = (ndb_number IS NOT NULL))
                    ) STRICT;
                    INSERT INTO saved_food_rebuilt (id, data_type, catalog_food_id, ndb_number, description, brand_owner, basis_grams, basis_energy_kcal, basis_protein_g, basis_fat_g, basis_carbohydrate_g, basis_sodium_mg, basis_fiber_g, basis_sugars_g, basis_saturated_fat_g, basis_cholesterol_mg, basis_potassium_mg, default_grams, default_portion_label, created_at)
                    SELECT id, data_type, catalog_food_id, ndb_number, description, brand_owner, basis_grams, basis_energy_kcal, basis_protein_g, basis_fat_g, basis_carbohydrate_g, basis_sodium_mg, basis_fiber_g, basis_sugars_g, basis_saturated_fat_g, basis_cholesterol_mg, basis_potassium_mg, default_grams, default_portion_label, created_at FROM saved_food;
                    DROP TABLE saved_food;
                    ALTER TABLE saved_food_rebuilt RENAME TO saved_food;
                    CREATE UNIQUE INDEX saved_food_once_per_catalog_food ON saved_food(catalog_food_id)
                        WHERE catalog_food_id IS NOT NULL;
                    CREATE UNIQUE INDEX saved_food_once_per_typed_food ON saved_food(description, ifnull(brand_owner, ''), basis_grams)
                        WHERE catalog_food_id IS NULL;

                    CREATE TABLE recipe_ingredient_rebuilt (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        recipe_id INTEGER NOT NULL REFERENCES recipe(id) ON DELETE CASCADE,
                        my_food_id INTEGER REFERENCES my_food(id) ON DELETE RESTRICT,
                        data_type TEXT NOT NULL CHECK (data_type IN ('sr_legacy', 'survey_fndds', 'foundation', 'branded', 'hand_typed')),
                        catalog_food_id INTEGER,
                        ndb_number TEXT,
                        description TEXT NOT NULL CHECK (length(description) BETWEEN 1 AND 200),
                        brand_owner TEXT CHECK (length(brand_owner) BETWEEN 1 AND 200),
                        grams REAL NOT NULL CHECK (grams > 0 AND grams <= 5000),
                        portion_label TEXT NOT NULL,
                        basis_grams REAL NOT NULL CHECK (basis_grams > 0),
                        basis_energy_kcal REAL CHECK (basis_energy_kcal >= 0),
                        basis_protein_g REAL CHECK (basis_protein_g >= 0),
                        basis_fat_g REAL CHECK (basis_fat_g >= 0),
                        basis_carbohydrate_g REAL CHECK (basis_carbohydrate_g >= 0),
                        basis_sodium_mg REAL CHECK (basis_sodium_mg >= 0),
                        basis_fiber_g REAL CHECK (basis_fiber_g >= 0),
                        basis_sugars_g REAL CHECK (basis_sugars_g >= 0),
                        basis_saturated_fat_g REAL CHECK (basis_saturated_fat_g >= 0),
                        basis_cholesterol_mg REAL CHECK (basis_cholesterol_mg >= 0),
                        basis_potassium_mg REAL CHECK (basis_potassium_mg >= 0),
                        energy_kcal REAL CHECK (energy_kcal >= 0),
                        protein_g REAL CHECK (protein_g >= 0),
                        fat_g REAL CHECK (fat_g >= 0),
                        carbohydrate_g REAL CHECK (carbohydrate_g >= 0),
                        sodium_mg REAL CHECK (sodium_mg >= 0),
                        fiber_g REAL CHECK (fiber_g >= 0),
                        sugars_g REAL CHECK (sugars_g >= 0),
                        saturated_fat_g REAL CHECK (saturated_fat_g >= 0),
                        cholesterol_mg REAL CHECK (cholesterol_mg >= 0),
                        potassium_mg REAL CHECK (potassium_mg >= 0),
                        created_at TEXT NOT NULL,
                        CHECK ((data_type = 'sr_legacy') = (ndb_number IS NOT NULL))
                    ) STRICT;
                    INSERT INTO recipe_ingredient_rebuilt (id, recipe_id, my_food_id, data_type, catalog_food_id, ndb_number, description, brand_owner, grams, portion_label, basis_grams, basis_energy_kcal, basis_protein_g, basis_fat_g, basis_carbohydrate_g, basis_sodium_mg, basis_fiber_g, basis_sugars_g, basis_saturated_fat_g, basis_cholesterol_mg, basis_potassium_mg, energy_kcal, protein_g, fat_g, carbohydrate_g, sodium_mg, fiber_g, sugars_g, saturated_fat_g, cholesterol_mg, potassium_mg, created_at)
                    SELECT id, recipe_id, my_food_id, data_type, catalog_food_id, ndb_number, description, brand_owner, grams, portion_label, basis_grams, basis_energy_kcal, basis_protein_g, basis_fat_g, basis_carbohydrate_g, basis_sodium_mg, basis_fiber_g, basis_sugars_g, basis_saturated_fat_g, basis_cholesterol_mg, basis_potassium_mg, energy_kcal, protein_g, fat_g, carbohydrate_g, sodium_mg, fiber_g, sugars_g, saturated_fat_g, cholesterol_mg, potassium_mg, created_at FROM recipe_ingredient;
                    DROP TABLE recipe_ingredient;
                    ALTER TABLE recipe_ingredient_rebuilt RENAME TO recipe_ingredient;
                    CREATE INDEX recipe_ingredient_by_recipe ON recipe_ingredient(recipe_id, id);
                    CREATE INDEX recipe_ingredient_by_my_food ON recipe_ingredient(my_food_id) WHERE my_food_id IS NOT NULL;
                    """)
        }
        migrator.registerMigration("addFoodDataCentralOnline") { db in
            // A drink whose label serving is a volume is measured in ml: with no density known,
            // its amount is never taken as grams. Settings hold the diary's FoodData Central key.
            // The foods the person picked online are kept here as fetched, besides in the shared
            // catalog, so a backup, a restore or a rebuilt catalog never loses them.
            try db.execute(
                sql: """
                    CREATE TABLE setting (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;
                    CREATE TABLE fetched_food (fdc_id INTEGER PRIMARY KEY, details_json TEXT NOT NULL, fetched_at TEXT NOT NULL) STRICT;
                    ALTER TABLE food_entry ADD COLUMN basis_unit TEXT NOT NULL DEFAULT 'g' CHECK (basis_unit IN ('g', 'ml'));
                    ALTER TABLE saved_food ADD COLUMN basis_unit TEXT NOT NULL DEFAULT 'g' CHECK (basis_unit IN ('g', 'ml'));
                    ALTER TABLE recipe_ingredient ADD COLUMN basis_unit TEXT NOT NULL DEFAULT 'g' CHECK (basis_unit IN ('g', 'ml'));
                    """)
        }
        migrator.registerMigration("countMealEntries") { db in
            // A meal with no foods is one to itemise, and the list, today and every day show how
            // many there are. Counting foods per meal on every page costs a probe per meal; this
            // count, kept by the database itself on every insert, delete or move of an entry
            // (imports, restores and shares included), lets a partial index hold just the meals
            // still waiting. The foods usual at a place are counted from an index of each meal's
            // catalog foods and amounts, without reading the entries' rows.
            try db.execute(
                sql: """
                    ALTER TABLE meal ADD COLUMN entry_count INTEGER NOT NULL DEFAULT 0 CHECK (entry_count >= 0);
                    UPDATE meal SET entry_count = (SELECT count(*) FROM food_entry WHERE meal_id = meal.id);
                    CREATE TRIGGER food_entry_counted AFTER INSERT ON food_entry BEGIN
                        UPDATE meal SET entry_count = entry_count + 1 WHERE id = NEW.meal_id;
                    END;
                    CREATE TRIGGER food_entry_uncounted AFTER DELETE ON food_entry BEGIN
                        UPDATE meal SET entry_count = entry_count - 1 WHERE id = OLD.meal_id;
                    END;
                    CREATE TRIGGER food_entry_moved AFTER UPDATE OF meal_id ON food_entry WHEN OLD.meal_id != NEW.meal_id BEGIN
                        UPDATE meal SET entry_count = entry_count - 1 WHERE id = OLD.meal_id;
                        UPDATE meal SET entry_count = entry_count + 1 WHERE id = NEW.meal_id;
                    END;
                    CREATE INDEX meal_to_itemise ON meal(eaten_local DESC, id DESC) WHERE entry_count = 0;
                    CREATE INDEX food_entry_food_by_meal ON food_entry(meal_id, catalog_food_id, grams);
                    """)
        }
        migrator.registerMigration("indexEntriesByCatalogFood") { db in
            // "＋" adds a searched food in the amount the person last had it: one seek per food.
            try db.execute(
                sql: "CREATE INDEX food_entry_by_catalog_food ON food_entry(catalog_food_id, id) WHERE catalog_food_id IS NOT NULL")
        }
        migrator.registerMigration("nameMealSlots") { db in
            // A day's meals are grouped by the time they were eaten; the groups' names are the
            // person's to change ("Second breakfast", "Tea"). Only changed names are stored.
            try db.execute(
                sql: """
                    CREATE TABLE meal_slot_name (
                        slot TEXT PRIMARY KEY CHECK (slot IN ('breakfast', 'lunch', 'dinner', 'snacks')),
                        name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 40)
                    ) STRICT
                    """)
        }
        migrator.registerMigration("rememberRecipeSources") { db in
            // A recipe imported from its page keeps the page's address, to go back to it.
            try db.execute(
                sql: """
                    ALTER TABLE recipe ADD COLUMN source_url TEXT
                    CHECK (source_url IS NULL OR (length(source_url) BETWEEN 8 AND 2048 AND (source_url LIKE 'http://%' OR source_url LIKE 'https://%')))
                    """)
        }
        migrator.registerMigration("trackBodyAndWater") { db in
            // Weight and body measurements are kept in one unit each (kg, cm, %), whatever units the
            // person reads them in, with the wall clock they were taken at like a meal. Weight and the
            // usual measures are rows from the start; a person may add their own. Water drunk as water
            // is kept apart from foods: a drink logged as a food counts its own water.
            try db.execute(
                sql: """
                    CREATE TABLE body_measure (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        key TEXT NOT NULL UNIQUE CHECK (key GLOB '[a-z]*' AND length(key) BETWEEN 1 AND 40),
                        name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 40),
                        unit TEXT NOT NULL CHECK (unit IN ('kg', 'cm', 'percent')),
                        is_shown INTEGER NOT NULL DEFAULT 1 CHECK (is_shown IN (0, 1)),
                        position INTEGER NOT NULL
                    ) STRICT;
                    INSERT INTO body_measure (key, name, unit, is_shown, position) VALUES
                        ('weight', 'Weight', 'kg', 1, 0), ('waist', 'Waist', 'cm', 1, 1), ('hips', 'Hips', 'cm', 0, 2),
                        ('chest', 'Chest', 'cm', 0, 3), ('neck', 'Neck', 'cm', 0, 4), ('body_fat', 'Body fat', 'percent', 1, 5);
                    CREATE TABLE body_measurement (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        measure_id INTEGER NOT NULL REFERENCES body_measure(id),
                        value REAL NOT NULL CHECK (value > 0 AND value < 1000),
                        measured_local TEXT NOT NULL CHECK (measured_local GLOB
                            '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]'),
                        utc_offset_minutes INTEGER NOT NULL CHECK (utc_offset_minutes BETWEEN -840 AND 840),
                        created_at TEXT NOT NULL
                    ) STRICT;
                    CREATE INDEX body_measurement_by_measure ON body_measurement(measure_id, measured_local, id);
                    CREATE TABLE water_drink (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        millilitres REAL NOT NULL CHECK (millilitres > 0 AND millilitres <= 5000),
                        drunk_local TEXT NOT NULL CHECK (drunk_local GLOB
                            '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]'),
                        utc_offset_minutes INTEGER NOT NULL CHECK (utc_offset_minutes BETWEEN -840 AND 840),
                        created_at TEXT NOT NULL
                    ) STRICT;
                    CREATE INDEX water_drink_by_time ON water_drink(drunk_local, id);
                    """)
        }
        migrator.registerMigration("snapshotWater") { db in
            // The water in what was eaten and drunk (USDA nutrient 255), kept in each snapshot like
            // the other nutrients, so a day can show it beside the water drunk as water. Foods
            // logged before have none recorded: unknown, not zero.
            try db.execute(
                sql: """
                    ALTER TABLE food_entry ADD COLUMN basis_water_g REAL CHECK (basis_water_g >= 0);
                    ALTER TABLE food_entry ADD COLUMN water_g REAL CHECK (water_g >= 0);
                    ALTER TABLE saved_food ADD COLUMN basis_water_g REAL CHECK (basis_water_g >= 0);
                    ALTER TABLE recipe_ingredient ADD COLUMN basis_water_g REAL CHECK (basis_water_g >= 0);
                    ALTER TABLE recipe_ingredient ADD COLUMN water_g REAL CHECK (water_g >= 0);
                    ALTER TABLE my_food ADD COLUMN water_g REAL CHECK (water_g >= 0);
                    """)
        }
        migrator.registerMigration("snapshotVitaminsAndMinerals") { db in
            // Every vitamin and mineral with a reference intake, kept in each snapshot like the
            // other nutrients so a day can be read against what a person needs. Foods logged
            // before have none recorded: unknown, not zero. The list is this migration's own.
            let columns = [
                "calcium_mg", "iron_mg", "magnesium_mg", "phosphorus_mg", "zinc_mg", "copper_mg", "manganese_mg", "selenium_ug",
                "vitamin_a_ug", "vitamin_c_mg", "vitamin_d_ug", "vitamin_e_mg", "vitamin_k_ug", "thiamin_mg", "riboflavin_mg",
                "niacin_mg", "pantothenic_acid_mg", "vitamin_b6_mg", "folate_ug", "vitamin_b12_ug", "choline_mg"
            ]
            for column in columns {
                try db.execute(
                    sql: """
                        ALTER TABLE food_entry ADD COLUMN basis_\(column) REAL CHECK (basis_\(column) >= 0);
                        ALTER TABLE food_entry ADD COLUMN \(column) REAL CHECK (\(column) >= 0);
                        ALTER TABLE saved_food ADD COLUMN basis_\(column) REAL CHECK (basis_\(column) >= 0);
                        ALTER TABLE recipe_ingredient ADD COLUMN basis_\(column) REAL CHECK (basis_\(column) >= 0);
                        ALTER TABLE recipe_ingredient ADD COLUMN \(column) REAL CHECK (\(column) >= 0);
                        ALTER TABLE my_food ADD COLUMN \(column) REAL CHECK (\(column) >= 0);
                        """)
            }
        }
        migrator.registerMigration("addNutrientGoals") { db in
            // A person's own bounds for a nutrient, in that nutrient's own unit (its column's
            // suffix: iron_mg in mg), read instead of the reference intake for it.
            try db.execute(
                sql: """
                    CREATE TABLE nutrient_goal (
                        nutrient TEXT PRIMARY KEY,
                        minimum REAL CHECK (minimum > 0),
                        maximum REAL CHECK (maximum > 0),
                        CHECK (minimum IS NOT NULL OR maximum IS NOT NULL),
                        CHECK (minimum IS NULL OR maximum IS NULL OR minimum <= maximum)
                    ) STRICT;
                    """)
        }
        migrator.registerMigration("allowOpenFoodFactsProducts") { db in
            // Products from Open Food Facts are logged, saved and put in recipes as FoodData
            // Central's are, under their own data type: their data is ODbL and says so.
            for table in ["food_entry", "saved_food", "recipe_ingredient"] {
                try TableRebuild.replace("'branded', 'hand_typed'", with: "'branded', 'open_food_facts', 'hand_typed'", in: table, db)
            }
        }
        migrator.registerMigration("keepProductPhotos") { db in
            // A product picked from Open Food Facts may keep its packaging's photo, as the person asks.
            try db.execute(sql: "ALTER TABLE fetched_food ADD COLUMN photo_sha256 TEXT REFERENCES photo (sha256)")
        }
        migrator.registerMigration("trackActivityAndSteps") { db in
            // Exercise as the energy it burns above rest, in kcal: from the Compendium's METs, the
            // person's weight and the minutes, or as a watch or the person gives it. The activity's
            // Compendium key (or none, for one of the person's own), its MET and minutes are kept to
            // say how it was reckoned. `source` is `typed` or where an import or a phone sent it
            // from; `source_id` makes a second sending of the same workout change nothing.
            // Steps and the active energy a phone or a watch measures come as samples, each from its
            // source and start: a sample sent again replaces itself, so a phone that sends a whole day
            // each hour, or only what is new, leaves the same. A day's count is each source's sum; a
            // phone and a watch count the same steps, so the day shows the larger, never their sum.
            try db.execute(
                sql: """
                    CREATE TABLE activity (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
                        kind TEXT CHECK (kind IS NULL OR length(kind) BETWEEN 1 AND 40),
                        met REAL CHECK (met IS NULL OR (met >= 1 AND met < 25)),
                        started_local TEXT NOT NULL CHECK (started_local GLOB
                            '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]'),
                        utc_offset_minutes INTEGER NOT NULL CHECK (utc_offset_minutes BETWEEN -840 AND 840),
                        duration_minutes REAL CHECK (duration_minutes IS NULL OR (duration_minutes > 0 AND duration_minutes <= 1440)),
                        active_energy_kcal REAL NOT NULL CHECK (active_energy_kcal >= 0 AND active_energy_kcal <= 10000),
                        distance_m REAL CHECK (distance_m IS NULL OR (distance_m >= 0 AND distance_m <= 1000000)),
                        source TEXT NOT NULL DEFAULT 'typed' CHECK (length(source) BETWEEN 1 AND 80),
                        source_id TEXT CHECK (source_id IS NULL OR length(source_id) BETWEEN 1 AND 200),
                        created_at TEXT NOT NULL
                    ) STRICT;
                    CREATE INDEX activity_by_time ON activity(started_local, id);
                    CREATE UNIQUE INDEX activity_by_source ON activity(source, source_id) WHERE source_id IS NOT NULL;
                    CREATE TABLE movement_sample (
                        kind TEXT NOT NULL CHECK (kind IN ('steps', 'active_energy_kcal')),
                        started_local TEXT NOT NULL CHECK (started_local GLOB
                            '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]'),
                        source TEXT NOT NULL CHECK (length(source) BETWEEN 1 AND 80),
                        utc_offset_minutes INTEGER NOT NULL CHECK (utc_offset_minutes BETWEEN -840 AND 840),
                        value REAL NOT NULL CHECK (value >= 0 AND value <= 200000),
                        updated_at TEXT NOT NULL,
                        PRIMARY KEY (kind, started_local, source)
                    ) STRICT, WITHOUT ROWID;
                    """)
        }
        // The product barcodes a snapped meal's photo shows, read once as it came in ("" for
        // none; NULL for a photo kept before they were read), for itemising to propose.
        migrator.registerMigration("readPhotoBarcodes") { db in
            try db.execute(
                sql: """
                    ALTER TABLE photo ADD COLUMN barcodes TEXT CHECK (barcodes IS NULL OR (length(barcodes) <= 60 AND barcodes NOT GLOB '*[^0-9,]*'));
                    """)
        }
        migrator.registerMigration("addDayNotes") { db in
            try db.execute(
                sql: """
                    CREATE TABLE day_note (
                        day TEXT PRIMARY KEY NOT NULL CHECK (length(day) = 10 AND day GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
                        text TEXT NOT NULL CHECK (length(text) BETWEEN 1 AND 1000),
                        updated_at TEXT NOT NULL
                    ) STRICT, WITHOUT ROWID;
                    """)
        }
        migrator.registerMigration("addMealPlans") { db in
            // A day's planned meals: a recipe in servings, a favourite meal, a food in an amount
            // (its own snapshot, as a saved food keeps one) or a note ("eat out"). A planned recipe
            // or favourite goes with it when that is deleted; once logged, the meal it became is
            // kept beside it until that meal is deleted. The snapshot columns are this migration's own.
            let basis = [
                "energy_kcal", "protein_g", "fat_g", "carbohydrate_g", "sodium_mg", "fiber_g", "sugars_g", "saturated_fat_g",
                "cholesterol_mg", "potassium_mg", "water_g", "calcium_mg", "iron_mg", "magnesium_mg", "phosphorus_mg", "zinc_mg",
                "copper_mg", "manganese_mg", "selenium_ug", "vitamin_a_ug", "vitamin_c_mg", "vitamin_d_ug", "vitamin_e_mg",
                "vitamin_k_ug", "thiamin_mg", "riboflavin_mg", "niacin_mg", "pantothenic_acid_mg", "vitamin_b6_mg", "folate_ug",
                "vitamin_b12_ug", "choline_mg"
            ].map { "basis_\($0) REAL CHECK (basis_\($0) >= 0)" }.joined(separator: ",\n")
            try db.execute(
                sql: """
                    CREATE TABLE planned_meal (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        day TEXT NOT NULL CHECK (length(day) = 10 AND day GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
                        slot TEXT NOT NULL CHECK (slot IN ('breakfast', 'lunch', 'dinner', 'snacks')),
                        kind TEXT NOT NULL CHECK (kind IN ('recipe', 'meal', 'food', 'note')),
                        recipe_id INTEGER REFERENCES recipe(id) ON DELETE CASCADE,
                        servings REAL CHECK (servings IS NULL OR (servings > 0 AND servings <= 100)),
                        source_meal_id INTEGER REFERENCES meal(id) ON DELETE CASCADE,
                        note TEXT CHECK (note IS NULL OR length(note) BETWEEN 1 AND 200),
                        data_type TEXT CHECK (data_type IS NULL OR data_type IN
                            ('sr_legacy', 'survey_fndds', 'foundation', 'branded', 'open_food_facts', 'hand_typed')),
                        catalog_food_id INTEGER,
                        ndb_number TEXT,
                        description TEXT CHECK (description IS NULL OR length(description) BETWEEN 1 AND 200),
                        brand_owner TEXT CHECK (brand_owner IS NULL OR length(brand_owner) BETWEEN 1 AND 200),
                        basis_grams REAL CHECK (basis_grams IS NULL OR basis_grams > 0),
                        basis_unit TEXT CHECK (basis_unit IS NULL OR basis_unit IN ('g', 'ml')),
                        \(basis),
                        grams REAL CHECK (grams IS NULL OR (grams > 0 AND grams <= 5000)),
                        portion_label TEXT CHECK (portion_label IS NULL OR length(portion_label) BETWEEN 1 AND 200),
                        logged_meal_id INTEGER REFERENCES meal(id) ON DELETE SET NULL,
                        created_at TEXT NOT NULL,
                        updated_at TEXT NOT NULL,
                        CHECK (kind <> 'recipe' OR (recipe_id IS NOT NULL AND servings IS NOT NULL)),
                        CHECK (kind <> 'meal' OR source_meal_id IS NOT NULL),
                        CHECK (kind <> 'food' OR (description IS NOT NULL AND basis_grams IS NOT NULL AND grams IS NOT NULL)),
                        CHECK (kind <> 'note' OR note IS NOT NULL)
                    ) STRICT;
                    CREATE INDEX planned_meal_by_day ON planned_meal(day, id);
                    CREATE INDEX planned_meal_by_recipe ON planned_meal(recipe_id) WHERE recipe_id IS NOT NULL;
                    CREATE INDEX planned_meal_by_source_meal ON planned_meal(source_meal_id) WHERE source_meal_id IS NOT NULL;
                    CREATE INDEX planned_meal_by_logged_meal ON planned_meal(logged_meal_id) WHERE logged_meal_id IS NOT NULL;
                    CREATE TABLE shopping_item (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
                        amount TEXT NOT NULL DEFAULT '' CHECK (length(amount) <= 40),
                        aisle TEXT NOT NULL CHECK (aisle IN ('produce', 'dairy', 'meat', 'bakery', 'pantry', 'frozen')),
                        ticked INTEGER NOT NULL DEFAULT 0 CHECK (ticked IN (0, 1)),
                        created_at TEXT NOT NULL
                    ) STRICT;
                    CREATE TABLE shopping_tick (
                        item_key TEXT PRIMARY KEY NOT NULL CHECK (length(item_key) BETWEEN 1 AND 240),
                        ticked_at TEXT NOT NULL
                    ) STRICT, WITHOUT ROWID;
                    """)
        }
        return migrator
    }
}
