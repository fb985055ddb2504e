import FoodDiaryBase
import FoodDiaryWeb
import Foundation

/// The body settings form as typed: units (of body and water, and of energy), a water goal (empty
/// for none) and the glass's size. The two amounts are read in the units the page showed them in
/// (`drink_units`), so switching to US units does not read the 330 ml glass as 330 fl oz; a form
/// without that field (a script's) gives them in the units it chooses.
struct BodySettingsForm: Sendable {
    var units: String
    var energy: String
    var waterGoal: String
    var glass: String
    /// The units the water goal and the glass are written in.
    var drinkUnits: String
    var exerciseAddsToGoal: Bool
    let current: BodySettings

    init(settings: BodySettings) {
        current = settings
        units = settings.units.rawValue
        energy = settings.energy.rawValue
        waterGoal = settings.waterGoalMillilitres.map { Self.drinkText($0, settings.units) } ?? ""
        glass = Self.drinkText(settings.glassMillilitres, settings.units)
        drinkUnits = units
        exerciseAddsToGoal = settings.exerciseAddsToGoal
    }

    init(fields: FormFields, current: BodySettings) {
        self.current = current
        units = fields["units"] ?? current.units.rawValue
        energy = fields["energy"] ?? current.energy.rawValue
        waterGoal = fields["water_goal"] ?? ""
        glass = fields["glass"] ?? ""
        drinkUnits = fields["drink_units"] ?? units
        exerciseAddsToGoal = fields["exercise_adds_to_goal"] == "on"
    }

    /// A tenth of a fluid ounce: a 330 ml glass shown as a whole 11 was saved back as 325 ml by a
    /// form sent unchanged.
    private static func drinkText(_ millilitres: Double, _ units: UnitSystem) -> String {
        NumberText.decimal(units.drink(fromMillilitres: millilitres), maxFractionDigits: units == .us ? 1 : 0, grouping: false)
    }

    func validate() -> Result<BodySettings, SettingsProblems> {
        var settings = current, errors: [String] = []
        guard let system = UnitSystem(rawValue: units) else {
            return .failure(SettingsProblems(messages: [tr("Pick metric or US units.")]))
        }
        settings.units = system
        guard let energy = EnergyUnit(rawValue: energy) else {
            return .failure(SettingsProblems(messages: [tr("Pick kcal or kJ for energy.")]))
        }
        settings.energy = energy
        settings.exerciseAddsToGoal = exerciseAddsToGoal
        let written = UnitSystem(rawValue: drinkUnits) ?? system
        let unit = written.drinkUnit
        let goalRange = BodySettings.waterGoalRange, glassRange = BodySettings.glassRange
        let shownGoalRange =
            written.drink(fromMillilitres: goalRange.lowerBound).rounded(
                .up)...written.drink(fromMillilitres: goalRange.upperBound).rounded(.down)
        let shownGlassRange =
            written.drink(fromMillilitres: glassRange.lowerBound).rounded(
                .up)...written.drink(fromMillilitres: glassRange.upperBound).rounded(.down)
        if waterGoal.trimmingCharacters(in: .whitespaces).isEmpty {
            settings.waterGoalMillilitres = nil
        } else {
            switch TypedNumber.parse(waterGoal, in: shownGoalRange) {
            case .success(let value): settings.waterGoalMillilitres = written.millilitres(fromDrink: value)
            case .failure(let problem):
                errors.append(TypedNumber.message(problem, what: tr("a daily water goal in \(unit)"), range: shownGoalRange))
            }
        }
        switch TypedNumber.parse(glass, in: shownGlassRange) {
        case .success(let value): settings.glassMillilitres = written.millilitres(fromDrink: value)
        case .failure(let problem): errors.append(TypedNumber.message(problem, what: tr("your glass in \(unit)"), range: shownGlassRange))
        }
        return errors.isEmpty ? .success(settings) : .failure(SettingsProblems(messages: errors))
    }

    func view(measures: [BodyMeasure], csrfToken: String, notice: String?, errors: [String] = [], newMeasureError: String? = nil)
        -> BodySettingsView
    {
        let system = UnitSystem(rawValue: units) ?? current.units
        let written = UnitSystem(rawValue: drinkUnits) ?? system
        return BodySettingsView(
            csrfToken: csrfToken, notice: notice,
            unitChoices: [(UnitSystem.metric, tr("Metric: kg, cm, ml")), (.us, tr("US: lb, in, fl oz"))].map { system, label in
                .init(
                    value: system.rawValue, label: label, selected: units == system.rawValue, drinkUnit: system.drinkUnit,
                    millilitresPerDrinkUnit: String(system.millilitres(fromDrink: 1)))
            },
            energyChoices: [
                .init(value: "kcal", label: tr("kcal (kilocalories, “Calories”)"), selected: energy == "kcal"),
                .init(value: "kJ", label: tr("kJ (kilojoules), as labels in Europe and Australia"), selected: energy == "kJ")
            ],
            waterGoal: waterGoal, glass: glass, drinkUnits: written.rawValue, drinkUnit: written.drinkUnit,
            exerciseAddsToGoal: exerciseAddsToGoal, errors: errors, hasErrors: !errors.isEmpty,
            measures: measures.map {
                .init(
                    name: $0.shownName, field: "show_\($0.key)", shown: $0.isShown, isWeight: $0.isWeight,
                    unitText: $0.unit.shownUnit(system))
            },
            // A girth first: it is what people add most ("Upper arm", "Thigh").
            newMeasureUnits: [BodyMeasure.Unit.centimetres, .kilograms, .percent].map {
                .init(value: $0.rawValue, label: $0 == .percent ? "%" : tr("\($0.shownUnit(.metric)) or \($0.shownUnit(.us))"))
            },
            newMeasureError: newMeasureError)
    }
}

struct SettingsProblems: Error, Equatable {
    let messages: [String]
}
