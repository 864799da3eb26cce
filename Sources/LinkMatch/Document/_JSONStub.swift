// TEMPORARY stub until JSONParser.swift lands.
public enum JSONValue: Sendable, Equatable {
    case object(JSONObject), array([JSONValue]), string(String), number(String), bool(Bool), null
    public func serialized(pretty: Bool = false) -> String { "" }
    public var typeName: String { "" }
}
public struct JSONMember: Sendable, Equatable { public var key: String; public var value: JSONValue }
public struct JSONObject: Sendable, Equatable {
    public var members: [JSONMember]
    public subscript(key: String) -> JSONValue? { members.last { $0.key == key }?.value }
    public var keys: [String] { [] }
    public var duplicateKeys: [String] { [] }
}
public struct JSONParser {
    public struct Limits: Sendable { public var maxBytes: Int = 8 << 20; public var maxDepth: Int = 512; public init() {} }
    public static func parse(_ bytes: [UInt8], limits: Limits = Limits()) throws(JSONParseError) -> JSONValue { .null }
}
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable { case tooLarge(size: Int, limit: Int), tooDeep(limit: Int), other }
    public var kind: Kind
    public var description: String { "" }
}
public enum SignedEnvelope { public static func unwrap(_ bytes: [UInt8]) throws(SignedEnvelopeError) -> [UInt8]? { nil } }
public struct SignedEnvelopeError: Error, Sendable, Equatable { }
