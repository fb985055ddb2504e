import FoodDiaryBase
import FoodDiaryWeb
import Foundation

/// The nutrient settings as typed: a life stage ("" for the Daily Values) and, for each nutrient a
/// page reads, an optional minimum and maximum.
struct NutrientSettingsForm: Sendable {
    static let kinds = NutrientReport.groups.flatMap(\.kinds)

    var lifeStage: String
    var bounds: [NutrientKind: (minimum: String, maximum: String)]

    init(fields: FormFields) {
        lifeStage = fields["life_stage"] ?? ""
        bounds = Dictionary(
            uniqueKeysWithValues: Self.kinds.map { ($0, (fields[Self.field("min", $0)] ?? "", fields[Self.field("max", $0)] ?? "")) })
    }

    init(settings: NutrientSettings) {
        lifeStage = settings.lifeStage?.rawValue ?? ""
        bounds = Dictionary(
            uniqueKeysWithValues: Self.kinds.map { kind in
                let goal = settings.goals[kind]
                return (kind, (goal?.minimum.map(formatQuantity) ?? "", goal?.maximum.map(formatQuantity) ?? ""))
            })
    }

    static func field(_ bound: String, _ kind: NutrientKind) -> String { "\(bound)_\(kind.column)" }

    /// The largest bound that is not a slipped digit: a kilogram of anything, in the nutrient's unit.
    static func ceiling(_ kind: NutrientKind) -> Double {
        switch kind.storedUnit {
        case "g": 1_000
        case "mg": 1_000_000
        default: 1_000_000_000
        }
    }

    struct Errors: Error, Equatable {
        var lifeStage: String?
        var bounds: [NutrientKind: String] = [:]
    }

    func validate() -> Result<NutrientSettings, Errors> {
        var settings = NutrientSettings()
        var errors: [NutrientKind: String] = [:]
        if !lifeStage.isEmpty {
            guard let stage = LifeStage(rawValue: lifeStage) else {
                return .failure(Errors(lifeStage: tr("Pick a life stage from the list.")))
            }
            settings.lifeStage = stage
        }
        for kind in Self.kinds {
            let (minimumText, maximumText) = bounds[kind] ?? ("", "")
            var goal = NutrientGoal()
            let range = 0.01...Self.ceiling(kind)
            for (text, isMinimum) in [(minimumText, true), (maximumText, false)] where !text.trimmingCharacters(in: .whitespaces).isEmpty {
                switch TypedNumber.parse(text, in: range) {
                case .success(let value): if isMinimum { goal.minimum = value } else { goal.maximum = value }
                case .failure(let problem):
                    errors[kind] = TypedNumber.message(
                        problem, what: tr("a daily \(isMinimum ? "minimum" : "maximum") of \(kind.inSentence) in \(kind.unit)"),
                        range: range)
                }
            }
            if let minimum = goal.minimum, let maximum = goal.maximum, minimum > maximum {
                errors[kind] = tr("\(kind.label): the minimum is more than the maximum.")
            }
            if goal.minimum != nil || goal.maximum != nil { settings.goals[kind] = goal }
        }
        return errors.isEmpty ? .success(settings) : .failure(Errors(bounds: errors))
    }

    func view(csrfToken: String, notice: String?, errors: Errors = Errors()) -> NutrientSettingsView {
        let references = ReferenceIntakes.references(for: LifeStage(rawValue: lifeStage))
        let stages =
            [NutrientSettingsView.Stage(value: "", label: tr("FDA Daily Values (food labels)"), selected: lifeStage.isEmpty)]
            + LifeStage.allCases.map { NutrientSettingsView.Stage(value: $0.rawValue, label: $0.label, selected: $0.rawValue == lifeStage) }
        let rows = Self.kinds.map { kind in
            let referenceText = references[kind].flatMap { NutrientTarget($0).text(kind) } ?? tr("no reference")
            return NutrientSettingsView.GoalRow(
                name: kind.label, unit: kind.unit, minimumField: Self.field("min", kind), maximumField: Self.field("max", kind),
                minimum: bounds[kind]?.minimum ?? "", maximum: bounds[kind]?.maximum ?? "",
                referenceText: referenceText, error: errors.bounds[kind])
        }
        let messages = (errors.lifeStage.map { [$0] } ?? []) + Self.kinds.compactMap { errors.bounds[$0] }
        return NutrientSettingsView(
            title: tr("Nutrient targets"), csrfToken: csrfToken, notice: notice, stages: stages, rows: rows,
            errors: messages, hasErrors: !messages.isEmpty)
    }
}
