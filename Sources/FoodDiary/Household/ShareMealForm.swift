import FoodDiaryBase
import FoodDiaryWeb
import Foundation

/// "Also log for…": by default each person ticked had the same as the sharer, whose meal stays as it
/// is; splitting a pot is the explicit other way: how many servings the meal's foods made, how many
/// the sharer had, and how many each other person had (blank for someone who had none), as typed.
struct ShareMealForm: Sendable {
    var key: String
    /// Shared out by servings, which changes the sharer's own meal; otherwise everyone had the same.
    var split: Bool
    /// The meal as the form was opened (`SharingQueries.version(of:shares:)`): a form opened before another share
    /// (another tab) would divide the foods again, so it is refused once the meal has changed.
    var mealVersion: String
    var totalServings: String
    var ownServings: String
    /// Keyed by account id; only the household's people are ever read, whatever else is posted.
    var servings: [Int64: String]

    static func field(_ accountID: Int64) -> String { "servings_\(accountID)" }

    init(
        key: String, mealVersion: String, split: Bool = false, totalServings: String = "", ownServings: String = "1",
        servings: [Int64: String] = [:]
    ) {
        self.key = key
        self.split = split
        self.mealVersion = mealVersion
        self.totalServings = totalServings
        self.ownServings = ownServings
        self.servings = servings
    }

    init(fields: FormFields, people: [Account]) {
        self.init(
            key: fields["share_key"] ?? "", mealVersion: fields["meal_version"] ?? "", split: fields["split"] == "1",
            totalServings: fields["total_servings"] ?? "",
            ownServings: fields["own_servings"] ?? "",
            servings: Dictionary(uniqueKeysWithValues: people.map { ($0.id, fields[Self.field($0.id)] ?? "") }))
    }

    /// A fresh form's key: the same share sent twice (a double tap, a retry) is carried out once.
    static func newKey() -> String { BearerSecret.make().text }

    /// What `newKey` makes: 43 characters of URL-safe base64.
    static func isKey(_ text: String) -> Bool {
        text.utf8.count == 43
            && text.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_")
            }
    }

    struct Errors: Error, Equatable {
        var totalServings: String?
        var ownServings: String?
        var servings: [Int64: String] = [:]
        var people: String?
        var isEmpty: Bool { totalServings == nil && ownServings == nil && servings.isEmpty && people == nil }
    }

    struct Plan: Sendable {
        let key: String
        let kept: ServingShare
        let people: [(account: Account, share: ServingShare)]
    }

    func validate(people: [Account]) -> Result<Plan, Errors> {
        split ? validateSplit(people: people) : validateSame(people: people)
    }

    /// Everyone ticked gets the whole dish as logged; the sharer's meal is untouched.
    private func validateSame(people: [Account]) -> Result<Plan, Errors> {
        let whole = ServingShare(servings: 1, of: 1)
        let chosen = people.filter { !(servings[$0.id] ?? "").trimmingCharacters(in: .whitespaces).isEmpty }
        guard !chosen.isEmpty else {
            var errors = Errors()
            errors.people =
                people.isEmpty
                ? tr("Nobody else uses this diary server yet, so there is nobody to share with.")
                : tr("Tick at least one person to log this meal for.")
            return .failure(errors)
        }
        return .success(Plan(key: key, kept: whole, people: chosen.map { ($0, whole) }))
    }

    private func validateSplit(people: [Account]) -> Result<Plan, Errors> {
        var errors = Errors()
        let range = ServingShare.servingsRange
        func servings(_ text: String, what: String) -> Result<Double, FieldProblem> {
            TypedNumber.parse(text, in: range).mapError { FieldProblem(TypedNumber.message($0, what: what, range: range)) }
        }
        var own: Double?
        switch servings(ownServings, what: tr("the servings you had")) {
        case .success(let value): own = value
        case .failure(let problem): errors.ownServings = problem.message
        }
        var given: [(Account, Double)] = []
        for person in people {
            let typed = (self.servings[person.id] ?? "").trimmingCharacters(in: .whitespaces)
            guard !typed.isEmpty else { continue }
            switch servings(typed, what: tr("the servings \(person.name) had")) {
            case .success(let value): given.append((person, value))
            case .failure(let problem): errors.servings[person.id] = problem.message
            }
        }
        if given.isEmpty && errors.servings.isEmpty {
            errors.people =
                people.isEmpty
                ? tr("Nobody else uses this diary server yet, so there is nobody to share with.")
                : tr("Enter the servings of at least one person to log this meal for.")
        }
        let eaten = (own ?? 0) + given.reduce(0) { $0 + $1.1 }
        var total = eaten
        if !totalServings.trimmingCharacters(in: .whitespaces).isEmpty {
            switch servings(totalServings, what: tr("the servings these foods made")) {
            case .success(let value) where errors.isEmpty && value < eaten - 1e-9:
                errors.totalServings =
                    tr(
                        "These foods made \(formatQuantity(value)) servings, but \(formatQuantity(eaten)) were eaten. Make it at least \(formatQuantity(eaten)), or leave it empty."
                    )
            case .success(let value): total = max(value, eaten)
            case .failure(let problem): errors.totalServings = problem.message
            }
        }
        guard errors.isEmpty, let own else { return .failure(errors) }
        return .success(
            Plan(
                key: key, kept: ServingShare(servings: own, of: total),
                people: given.map { ($0.0, ServingShare(servings: $0.1, of: total)) }))
    }
}
