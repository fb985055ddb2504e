import FoodDiaryBase
import FoodDiaryWeb
import Foundation

/// A new password typed twice, with the person's name when the form asks for it (setup, adding a
/// member). Kept as typed, except the passwords, which never go back into a page.
struct NewPasswordForm: Sendable {
    var name = ""
    var password = ""
    var confirmation = ""
    var askName = false

    struct Errors: Sendable, Equatable {
        var name: String?
        var password: String?
        var confirmation: String?
        var isEmpty: Bool { name == nil && password == nil && confirmation == nil }
    }

    var errors = Errors()

    init() {}

    init(fields: FormFields, askName: Bool, name: String? = nil) {
        self.askName = askName
        self.name = name ?? fields["name"] ?? ""
        password = fields["password"] ?? ""
        confirmation = fields["password_confirmation"] ?? ""
    }

    /// The cleaned name on success; errors are kept on the form for the page.
    mutating func validate() -> Result<String, FieldProblem> {
        errors = Errors()
        var cleaned = name
        if askName {
            switch AccountName.check(name) {
            case .success(let checked): cleaned = checked
            case .failure(let problem): errors.name = problem.message
            }
        }
        errors.password = PasswordPolicy.problem(with: password, name: cleaned)
        if errors.password == nil && confirmation != password { errors.confirmation = PasswordPolicy.mismatch }
        return errors.isEmpty ? .success(cleaned) : .failure(FieldProblem(tr("See the fields marked.")))
    }
}
