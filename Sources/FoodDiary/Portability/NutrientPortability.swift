import FoodDiaryBase
import FoodDiaryStorage
import Foundation
import GRDB

/// The life stage and a person's own nutrient bounds in `diary.json`, each bound in its nutrient's unit.
extension DiaryDocument {
    struct NutrientTargetsRecord: Codable, Sendable, Equatable {
        /// A `LifeStage` (`female31`, …); absent for the FDA Daily Values.
        var lifeStage: String?
        var goals: [NutrientGoalRecord]

        enum CodingKeys: String, CodingKey {
            case goals
            case lifeStage = "life_stage"
        }
    }

    struct NutrientGoalRecord: Codable, Sendable, Equatable {
        /// A nutrient's JSON name: `ironMg`, `fiberG`, …
        var nutrient: String
        var minimum: Double?
        var maximum: Double?
    }
}

extension PortabilityQueries {
    static func addNutrientTargets(_ db: Database, to document: inout DiaryDocument) throws {
        let settings = try NutrientQueries.settings(db)
        guard settings != NutrientSettings() else { return }
        document.nutrientTargets = .init(
            lifeStage: settings.lifeStage?.rawValue,
            goals: NutrientKind.allCases.compactMap { kind in
                settings.goals[kind].map { .init(nutrient: kind.rawValue, minimum: $0.minimum, maximum: $0.maximum) }
            })
    }
}

extension DiaryDocumentWriter {
    /// Fills in only what the diary has not set: its own life stage and bounds stay.
    func addNutrientTargets(_ document: DiaryDocument) throws {
        guard let targets = document.nutrientTargets else { return }
        var settings = try NutrientQueries.settings(db)
        if let text = targets.lifeStage {
            guard let stage = LifeStage(rawValue: text) else {
                throw ImportRefusal(
                    description: tr("The file's nutrient targets name the life stage “\(text.prefix(20))”, which FoodDiary does not know."))
            }
            settings.lifeStage = settings.lifeStage ?? stage
        }
        for goal in targets.goals {
            guard let kind = NutrientKind(rawValue: goal.nutrient), NutrientSettingsForm.kinds.contains(kind) else {
                throw ImportRefusal(description: tr("A nutrient target names “\(goal.nutrient.prefix(30))”, which has no target here."))
            }
            let range = 0.01...NutrientSettingsForm.ceiling(kind)
            let bounds = [goal.minimum, goal.maximum].compactMap { $0 }
            guard !bounds.isEmpty, bounds.allSatisfy(range.contains), (goal.minimum ?? 0) <= (goal.maximum ?? .infinity) else {
                throw ImportRefusal(
                    description:
                        tr(
                            "The target for \(kind.inSentence) is not a minimum and maximum from 0.01 to \(grouped(range.upperBound)) \(kind.unit)."
                        )
                )
            }
            if settings.goals[kind] == nil { settings.goals[kind] = NutrientGoal(minimum: goal.minimum, maximum: goal.maximum) }
        }
        try AppDatabase.storeNutrientSettings(db, settings)
    }
}
