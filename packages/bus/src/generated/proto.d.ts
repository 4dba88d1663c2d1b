import * as $protobuf from "protobufjs";
import Long = require("long");

/** Namespace kruise. */
export namespace kruise {

    /** Namespace bus. */
    namespace bus {

        /** Namespace v1. */
        namespace v1 {

            /** CertificateRotationReason enum. */
            enum CertificateRotationReason {

                /** CERTIFICATE_ROTATION_REASON_UNSPECIFIED value */
                CERTIFICATE_ROTATION_REASON_UNSPECIFIED = 0,

                /** CERTIFICATE_ROTATION_REASON_CREATED value */
                CERTIFICATE_ROTATION_REASON_CREATED = 1,

                /** CERTIFICATE_ROTATION_REASON_EXPIRING value */
                CERTIFICATE_ROTATION_REASON_EXPIRING = 2,

                /** CERTIFICATE_ROTATION_REASON_RESET value */
                CERTIFICATE_ROTATION_REASON_RESET = 3
            }

            /**
             * Properties of a CertificateRotated.
             * @deprecated Use kruise.bus.v1.CertificateRotated.$Properties instead.
             */
            interface ICertificateRotated extends kruise.bus.v1.CertificateRotated.$Properties {
            }

            /** Represents a CertificateRotated. */
            class CertificateRotated {

                /**
                 * Constructs a new CertificateRotated.
                 * @param [properties] Properties to set
                 */
                constructor(properties?: kruise.bus.v1.CertificateRotated.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** CertificateRotated meta. */
                meta?: (kruise.bus.v1.EventMeta.$Properties|null);

                /** CertificateRotated secret. */
                secret?: (kruise.bus.v1.ObjectRef.$Properties|null);

                /** CertificateRotated reason. */
                reason: kruise.bus.v1.CertificateRotationReason;

                /** CertificateRotated serialNumber. */
                serialNumber: string;

                /** CertificateRotated notBefore. */
                notBefore?: (google.protobuf.Timestamp.$Properties|null);

                /** CertificateRotated notAfter. */
                notAfter?: (google.protobuf.Timestamp.$Properties|null);

                /** CertificateRotated dnsNames. */
                dnsNames: string[];

                /** CertificateRotated caFingerprintSha256. */
                caFingerprintSha256: string;

                /**
                 * Creates a new CertificateRotated instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns CertificateRotated instance
                 */
                static create(properties: kruise.bus.v1.CertificateRotated.$Shape): kruise.bus.v1.CertificateRotated & kruise.bus.v1.CertificateRotated.$Shape;
                static create(properties?: kruise.bus.v1.CertificateRotated.$Properties): kruise.bus.v1.CertificateRotated;

                /**
                 * Encodes the specified CertificateRotated message. Does not implicitly {@link kruise.bus.v1.CertificateRotated.verify|verify} messages.
                 * @param message CertificateRotated message or plain object to encode
                 * @param [writer] Writer to encode to
                 * @returns Writer
                 */
                static encode(message: kruise.bus.v1.CertificateRotated.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Encodes the specified CertificateRotated message, length delimited. Does not implicitly {@link kruise.bus.v1.CertificateRotated.verify|verify} messages.
                 * @param message CertificateRotated message or plain object to encode
                 * @param [writer] Writer to encode to
                 * @returns Writer
                 */
                static encodeDelimited(message: kruise.bus.v1.CertificateRotated.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes a CertificateRotated message from the specified reader or buffer.
                 * @param reader Reader or buffer to decode from
                 * @param [length] Message length if known beforehand
                 * @returns {kruise.bus.v1.CertificateRotated & kruise.bus.v1.CertificateRotated.$Shape} CertificateRotated
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): kruise.bus.v1.CertificateRotated & kruise.bus.v1.CertificateRotated.$Shape;

                /**
                 * Decodes a CertificateRotated message from the specified reader or buffer, length delimited.
                 * @param reader Reader or buffer to decode from
                 * @returns {kruise.bus.v1.CertificateRotated & kruise.bus.v1.CertificateRotated.$Shape} CertificateRotated
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decodeDelimited(reader: ($protobuf.Reader|Uint8Array)): kruise.bus.v1.CertificateRotated & kruise.bus.v1.CertificateRotated.$Shape;

                /**
                 * Verifies a CertificateRotated message.
                 * @param message Plain object to verify
                 * @returns `null` if valid, otherwise the reason why it is not
                 */
                static verify(message: { [k: string]: any }): (string|null);

                /**
                 * Creates a CertificateRotated message from a plain object. Also converts values to their respective internal types.
                 * @param object Plain object
                 * @returns CertificateRotated
                 */
                static fromObject(object: { [k: string]: any }): kruise.bus.v1.CertificateRotated;

                /**
                 * Creates a plain object from a CertificateRotated message. Also converts values to other types if specified.
                 * @param message CertificateRotated
                 * @param [options] Conversion options
                 * @returns Plain object
                 */
                static toObject(message: kruise.bus.v1.CertificateRotated, options?: $protobuf.IConversionOptions): { [k: string]: any };

                /**
                 * Converts this CertificateRotated to JSON.
                 * @returns JSON object
                 */
                toJSON(): { [k: string]: any };

                /**
                 * Gets the type url for CertificateRotated
                 * @param [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns The type url
                 */
                static getTypeUrl(prefix?: string): string;
            }

            namespace CertificateRotated {

                /** Properties of a CertificateRotated. */
                interface $Properties {

                    /** CertificateRotated meta */
                    meta?: (kruise.bus.v1.EventMeta.$Properties|null);

                    /** CertificateRotated secret */
                    secret?: (kruise.bus.v1.ObjectRef.$Properties|null);

                    /** CertificateRotated reason */
                    reason?: (kruise.bus.v1.CertificateRotationReason|null);

                    /** CertificateRotated serialNumber */
                    serialNumber?: (string|null);

                    /** CertificateRotated notBefore */
                    notBefore?: (google.protobuf.Timestamp.$Properties|null);

                    /** CertificateRotated notAfter */
                    notAfter?: (google.protobuf.Timestamp.$Properties|null);

                    /** CertificateRotated dnsNames */
                    dnsNames?: (string[]|null);

                    /** CertificateRotated caFingerprintSha256 */
                    caFingerprintSha256?: (string|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of a CertificateRotated. */
                type $Shape = kruise.bus.v1.CertificateRotated.$Properties;
            }

            /**
             * Properties of a GroupVersionKind.
             * @deprecated Use kruise.bus.v1.GroupVersionKind.$Properties instead.
             */
            interface IGroupVersionKind extends kruise.bus.v1.GroupVersionKind.$Properties {
            }

            /** Represents a GroupVersionKind. */
            class GroupVersionKind {

                /**
                 * Constructs a new GroupVersionKind.
                 * @param [properties] Properties to set
                 */
                constructor(properties?: kruise.bus.v1.GroupVersionKind.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** GroupVersionKind group. */
                group: string;

                /** GroupVersionKind version. */
                version: string;

                /** GroupVersionKind kind. */
                kind: string;

                /**
                 * Creates a new GroupVersionKind instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns GroupVersionKind instance
                 */
                static create(properties: kruise.bus.v1.GroupVersionKind.$Shape): kruise.bus.v1.GroupVersionKind & kruise.bus.v1.GroupVersionKind.$Shape;
                static create(properties?: kruise.bus.v1.GroupVersionKind.$Properties): kruise.bus.v1.GroupVersionKind;

                /**
                 * Encodes the specified GroupVersionKind message. Does not implicitly {@link kruise.bus.v1.GroupVersionKind.verify|verify} messages.
                 * @param message GroupVersionKind message or plain object to encode
                 * @param [writer] Writer to encode to
                 * @returns Writer
                 */
                static encode(message: kruise.bus.v1.GroupVersionKind.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Encodes the specified GroupVersionKind message, length delimited. Does not implicitly {@link kruise.bus.v1.GroupVersionKind.verify|verify} messages.
                 * @param message GroupVersionKind message or plain object to encode
                 * @param [writer] Writer to encode to
                 * @returns Writer
                 */
                static encodeDelimited(message: kruise.bus.v1.GroupVersionKind.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes a GroupVersionKind message from the specified reader or buffer.
                 * @param reader Reader or buffer to decode from
                 * @param [length] Message length if known beforehand
                 * @returns {kruise.bus.v1.GroupVersionKind & kruise.bus.v1.GroupVersionKind.$Shape} GroupVersionKind
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): kruise.bus.v1.GroupVersionKind & kruise.bus.v1.GroupVersionKind.$Shape;

                /**
                 * Decodes a GroupVersionKind message from the specified reader or buffer, length delimited.
                 * @param reader Reader or buffer to decode from
                 * @returns {kruise.bus.v1.GroupVersionKind & kruise.bus.v1.GroupVersionKind.$Shape} GroupVersionKind
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decodeDelimited(reader: ($protobuf.Reader|Uint8Array)): kruise.bus.v1.GroupVersionKind & kruise.bus.v1.GroupVersionKind.$Shape;

                /**
                 * Verifies a GroupVersionKind message.
                 * @param message Plain object to verify
                 * @returns `null` if valid, otherwise the reason why it is not
                 */
                static verify(message: { [k: string]: any }): (string|null);

                /**
                 * Creates a GroupVersionKind message from a plain object. Also converts values to their respective internal types.
                 * @param object Plain object
                 * @returns GroupVersionKind
                 */
                static fromObject(object: { [k: string]: any }): kruise.bus.v1.GroupVersionKind;

                /**
                 * Creates a plain object from a GroupVersionKind message. Also converts values to other types if specified.
                 * @param message GroupVersionKind
                 * @param [options] Conversion options
                 * @returns Plain object
                 */
                static toObject(message: kruise.bus.v1.GroupVersionKind, options?: $protobuf.IConversionOptions): { [k: string]: any };

                /**
                 * Converts this GroupVersionKind to JSON.
                 * @returns JSON object
                 */
                toJSON(): { [k: string]: any };

                /**
                 * Gets the type url for GroupVersionKind
                 * @param [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns The type url
                 */
                static getTypeUrl(prefix?: string): string;
            }

            namespace GroupVersionKind {

                /** Properties of a GroupVersionKind. */
                interface $Properties {

                    /** GroupVersionKind group */
                    group?: (string|null);

                    /** GroupVersionKind version */
                    version?: (string|null);

                    /** GroupVersionKind kind */
                    kind?: (string|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of a GroupVersionKind. */
                type $Shape = kruise.bus.v1.GroupVersionKind.$Properties;
            }

            /**
             * Properties of an ObjectRef.
             * @deprecated Use kruise.bus.v1.ObjectRef.$Properties instead.
             */
            interface IObjectRef extends kruise.bus.v1.ObjectRef.$Properties {
            }

            /** Represents an ObjectRef. */
            class ObjectRef {

                /**
                 * Constructs a new ObjectRef.
                 * @param [properties] Properties to set
                 */
                constructor(properties?: kruise.bus.v1.ObjectRef.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** ObjectRef kind. */
                kind?: (kruise.bus.v1.GroupVersionKind.$Properties|null);

                /** ObjectRef namespace. */
                namespace: string;

                /** ObjectRef name. */
                name: string;

                /** ObjectRef uid. */
                uid: string;

                /**
                 * Creates a new ObjectRef instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns ObjectRef instance
                 */
                static create(properties: kruise.bus.v1.ObjectRef.$Shape): kruise.bus.v1.ObjectRef & kruise.bus.v1.ObjectRef.$Shape;
                static create(properties?: kruise.bus.v1.ObjectRef.$Properties): kruise.bus.v1.ObjectRef;

                /**
                 * Encodes the specified ObjectRef message. Does not implicitly {@link kruise.bus.v1.ObjectRef.verify|verify} messages.
                 * @param message ObjectRef message or plain object to encode
                 * @param [writer] Writer to encode to
                 * @returns Writer
                 */
                static encode(message: kruise.bus.v1.ObjectRef.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Encodes the specified ObjectRef message, length delimited. Does not implicitly {@link kruise.bus.v1.ObjectRef.verify|verify} messages.
                 * @param message ObjectRef message or plain object to encode
                 * @param [writer] Writer to encode to
                 * @returns Writer
                 */
                static encodeDelimited(message: kruise.bus.v1.ObjectRef.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes an ObjectRef message from the specified reader or buffer.
                 * @param reader Reader or buffer to decode from
                 * @param [length] Message length if known beforehand
                 * @returns {kruise.bus.v1.ObjectRef & kruise.bus.v1.ObjectRef.$Shape} ObjectRef
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): kruise.bus.v1.ObjectRef & kruise.bus.v1.ObjectRef.$Shape;

                /**
                 * Decodes an ObjectRef message from the specified reader or buffer, length delimited.
                 * @param reader Reader or buffer to decode from
                 * @returns {kruise.bus.v1.ObjectRef & kruise.bus.v1.ObjectRef.$Shape} ObjectRef
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decodeDelimited(reader: ($protobuf.Reader|Uint8Array)): kruise.bus.v1.ObjectRef & kruise.bus.v1.ObjectRef.$Shape;

                /**
                 * Verifies an ObjectRef message.
                 * @param message Plain object to verify
                 * @returns `null` if valid, otherwise the reason why it is not
                 */
                static verify(message: { [k: string]: any }): (string|null);

                /**
                 * Creates an ObjectRef message from a plain object. Also converts values to their respective internal types.
                 * @param object Plain object
                 * @returns ObjectRef
                 */
                static fromObject(object: { [k: string]: any }): kruise.bus.v1.ObjectRef;

                /**
                 * Creates a plain object from an ObjectRef message. Also converts values to other types if specified.
                 * @param message ObjectRef
                 * @param [options] Conversion options
                 * @returns Plain object
                 */
                static toObject(message: kruise.bus.v1.ObjectRef, options?: $protobuf.IConversionOptions): { [k: string]: any };

                /**
                 * Converts this ObjectRef to JSON.
                 * @returns JSON object
                 */
                toJSON(): { [k: string]: any };

                /**
                 * Gets the type url for ObjectRef
                 * @param [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns The type url
                 */
                static getTypeUrl(prefix?: string): string;
            }

            namespace ObjectRef {

                /** Properties of an ObjectRef. */
                interface $Properties {

                    /** ObjectRef kind */
                    kind?: (kruise.bus.v1.GroupVersionKind.$Properties|null);

                    /** ObjectRef namespace */
                    namespace?: (string|null);

                    /** ObjectRef name */
                    name?: (string|null);

                    /** ObjectRef uid */
                    uid?: (string|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of an ObjectRef. */
                type $Shape = kruise.bus.v1.ObjectRef.$Properties;
            }

            /**
             * Properties of an EventMeta.
             * @deprecated Use kruise.bus.v1.EventMeta.$Properties instead.
             */
            interface IEventMeta extends kruise.bus.v1.EventMeta.$Properties {
            }

            /** Represents an EventMeta. */
            class EventMeta {

                /**
                 * Constructs a new EventMeta.
                 * @param [properties] Properties to set
                 */
                constructor(properties?: kruise.bus.v1.EventMeta.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** EventMeta eventId. */
                eventId: string;

                /** EventMeta occurredAt. */
                occurredAt?: (google.protobuf.Timestamp.$Properties|null);

                /** EventMeta publisherId. */
                publisherId: string;

                /**
                 * Creates a new EventMeta instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns EventMeta instance
                 */
                static create(properties: kruise.bus.v1.EventMeta.$Shape): kruise.bus.v1.EventMeta & kruise.bus.v1.EventMeta.$Shape;
                static create(properties?: kruise.bus.v1.EventMeta.$Properties): kruise.bus.v1.EventMeta;

                /**
                 * Encodes the specified EventMeta message. Does not implicitly {@link kruise.bus.v1.EventMeta.verify|verify} messages.
                 * @param message EventMeta message or plain object to encode
                 * @param [writer] Writer to encode to
                 * @returns Writer
                 */
                static encode(message: kruise.bus.v1.EventMeta.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Encodes the specified EventMeta message, length delimited. Does not implicitly {@link kruise.bus.v1.EventMeta.verify|verify} messages.
                 * @param message EventMeta message or plain object to encode
                 * @param [writer] Writer to encode to
                 * @returns Writer
                 */
                static encodeDelimited(message: kruise.bus.v1.EventMeta.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes an EventMeta message from the specified reader or buffer.
                 * @param reader Reader or buffer to decode from
                 * @param [length] Message length if known beforehand
                 * @returns {kruise.bus.v1.EventMeta & kruise.bus.v1.EventMeta.$Shape} EventMeta
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): kruise.bus.v1.EventMeta & kruise.bus.v1.EventMeta.$Shape;

                /**
                 * Decodes an EventMeta message from the specified reader or buffer, length delimited.
                 * @param reader Reader or buffer to decode from
                 * @returns {kruise.bus.v1.EventMeta & kruise.bus.v1.EventMeta.$Shape} EventMeta
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decodeDelimited(reader: ($protobuf.Reader|Uint8Array)): kruise.bus.v1.EventMeta & kruise.bus.v1.EventMeta.$Shape;

                /**
                 * Verifies an EventMeta message.
                 * @param message Plain object to verify
                 * @returns `null` if valid, otherwise the reason why it is not
                 */
                static verify(message: { [k: string]: any }): (string|null);

                /**
                 * Creates an EventMeta message from a plain object. Also converts values to their respective internal types.
                 * @param object Plain object
                 * @returns EventMeta
                 */
                static fromObject(object: { [k: string]: any }): kruise.bus.v1.EventMeta;

                /**
                 * Creates a plain object from an EventMeta message. Also converts values to other types if specified.
                 * @param message EventMeta
                 * @param [options] Conversion options
                 * @returns Plain object
                 */
                static toObject(message: kruise.bus.v1.EventMeta, options?: $protobuf.IConversionOptions): { [k: string]: any };

                /**
                 * Converts this EventMeta to JSON.
                 * @returns JSON object
                 */
                toJSON(): { [k: string]: any };

                /**
                 * Gets the type url for EventMeta
                 * @param [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns The type url
                 */
                static getTypeUrl(prefix?: string): string;
            }

            namespace EventMeta {

                /** Properties of an EventMeta. */
                interface $Properties {

                    /** EventMeta eventId */
                    eventId?: (string|null);

                    /** EventMeta occurredAt */
                    occurredAt?: (google.protobuf.Timestamp.$Properties|null);

                    /** EventMeta publisherId */
                    publisherId?: (string|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of an EventMeta. */
                type $Shape = kruise.bus.v1.EventMeta.$Properties;
            }

            /** ObjectEventType enum. */
            enum ObjectEventType {

                /** OBJECT_EVENT_TYPE_UNSPECIFIED value */
                OBJECT_EVENT_TYPE_UNSPECIFIED = 0,

                /** OBJECT_EVENT_TYPE_ADDED value */
                OBJECT_EVENT_TYPE_ADDED = 1,

                /** OBJECT_EVENT_TYPE_MODIFIED value */
                OBJECT_EVENT_TYPE_MODIFIED = 2,

                /** OBJECT_EVENT_TYPE_DELETED value */
                OBJECT_EVENT_TYPE_DELETED = 3,

                /** OBJECT_EVENT_TYPE_TOMBSTONE value */
                OBJECT_EVENT_TYPE_TOMBSTONE = 4,

                /** OBJECT_EVENT_TYPE_BOOKMARK value */
                OBJECT_EVENT_TYPE_BOOKMARK = 5
            }

            /**
             * Properties of an ObjectEvent.
             * @deprecated Use kruise.bus.v1.ObjectEvent.$Properties instead.
             */
            interface IObjectEvent extends kruise.bus.v1.ObjectEvent.$Properties {
            }

            /** Represents an ObjectEvent. */
            class ObjectEvent {

                /**
                 * Constructs a new ObjectEvent.
                 * @param [properties] Properties to set
                 */
                constructor(properties?: kruise.bus.v1.ObjectEvent.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** ObjectEvent kind. */
                kind?: (kruise.bus.v1.GroupVersionKind.$Properties|null);

                /** ObjectEvent type. */
                type: kruise.bus.v1.ObjectEventType;

                /** ObjectEvent namespace. */
                namespace: string;

                /** ObjectEvent name. */
                name: string;

                /** ObjectEvent uid. */
                uid: string;

                /** ObjectEvent resourceVersion. */
                resourceVersion: string;

                /** ObjectEvent generation. */
                generation: number;

                /** ObjectEvent controllerUid. */
                controllerUid: string;

                /** ObjectEvent labels. */
                labels: { [k: string]: string };

                /** ObjectEvent object. */
                object: Uint8Array;

                /** ObjectEvent partition. */
                partition?: (number|null);

                /** ObjectEvent observedAt. */
                observedAt?: (google.protobuf.Timestamp.$Properties|null);

                /** ObjectEvent publisherId. */
                publisherId: string;

                /**
                 * Creates a new ObjectEvent instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns ObjectEvent instance
                 */
                static create(properties: kruise.bus.v1.ObjectEvent.$Shape): kruise.bus.v1.ObjectEvent & kruise.bus.v1.ObjectEvent.$Shape;
                static create(properties?: kruise.bus.v1.ObjectEvent.$Properties): kruise.bus.v1.ObjectEvent;

                /**
                 * Encodes the specified ObjectEvent message. Does not implicitly {@link kruise.bus.v1.ObjectEvent.verify|verify} messages.
                 * @param message ObjectEvent message or plain object to encode
                 * @param [writer] Writer to encode to
                 * @returns Writer
                 */
                static encode(message: kruise.bus.v1.ObjectEvent.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Encodes the specified ObjectEvent message, length delimited. Does not implicitly {@link kruise.bus.v1.ObjectEvent.verify|verify} messages.
                 * @param message ObjectEvent message or plain object to encode
                 * @param [writer] Writer to encode to
                 * @returns Writer
                 */
                static encodeDelimited(message: kruise.bus.v1.ObjectEvent.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes an ObjectEvent message from the specified reader or buffer.
                 * @param reader Reader or buffer to decode from
                 * @param [length] Message length if known beforehand
                 * @returns {kruise.bus.v1.ObjectEvent & kruise.bus.v1.ObjectEvent.$Shape} ObjectEvent
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): kruise.bus.v1.ObjectEvent & kruise.bus.v1.ObjectEvent.$Shape;

                /**
                 * Decodes an ObjectEvent message from the specified reader or buffer, length delimited.
                 * @param reader Reader or buffer to decode from
                 * @returns {kruise.bus.v1.ObjectEvent & kruise.bus.v1.ObjectEvent.$Shape} ObjectEvent
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decodeDelimited(reader: ($protobuf.Reader|Uint8Array)): kruise.bus.v1.ObjectEvent & kruise.bus.v1.ObjectEvent.$Shape;

                /**
                 * Verifies an ObjectEvent message.
                 * @param message Plain object to verify
                 * @returns `null` if valid, otherwise the reason why it is not
                 */
                static verify(message: { [k: string]: any }): (string|null);

                /**
                 * Creates an ObjectEvent message from a plain object. Also converts values to their respective internal types.
                 * @param object Plain object
                 * @returns ObjectEvent
                 */
                static fromObject(object: { [k: string]: any }): kruise.bus.v1.ObjectEvent;

                /**
                 * Creates a plain object from an ObjectEvent message. Also converts values to other types if specified.
                 * @param message ObjectEvent
                 * @param [options] Conversion options
                 * @returns Plain object
                 */
                static toObject(message: kruise.bus.v1.ObjectEvent, options?: $protobuf.IConversionOptions): { [k: string]: any };

                /**
                 * Converts this ObjectEvent to JSON.
                 * @returns JSON object
                 */
                toJSON(): { [k: string]: any };

                /**
                 * Gets the type url for ObjectEvent
                 * @param [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns The type url
                 */
                static getTypeUrl(prefix?: string): string;
            }

            namespace ObjectEvent {

                /** Properties of an ObjectEvent. */
                interface $Properties {

                    /** ObjectEvent kind */
                    kind?: (kruise.bus.v1.GroupVersionKind.$Properties|null);

                    /** ObjectEvent type */
                    type?: (kruise.bus.v1.ObjectEventType|null);

                    /** ObjectEvent namespace */
                    namespace?: (string|null);

                    /** ObjectEvent name */
                    name?: (string|null);

                    /** ObjectEvent uid */
                    uid?: (string|null);

                    /** ObjectEvent resourceVersion */
                    resourceVersion?: (string|null);

                    /** ObjectEvent generation */
                    generation?: (number|null);

                    /** ObjectEvent controllerUid */
                    controllerUid?: (string|null);

                    /** ObjectEvent labels */
                    labels?: ({ [k: string]: string }|null);

                    /** ObjectEvent object */
                    object?: (Uint8Array|null);

                    /** ObjectEvent partition */
                    partition?: (number|null);

                    /** ObjectEvent observedAt */
                    observedAt?: (google.protobuf.Timestamp.$Properties|null);

                    /** ObjectEvent publisherId */
                    publisherId?: (string|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of an ObjectEvent. */
                type $Shape = kruise.bus.v1.ObjectEvent.$Properties;
            }

            /**
             * Properties of a RevisionCreated.
             * @deprecated Use kruise.bus.v1.RevisionCreated.$Properties instead.
             */
            interface IRevisionCreated extends kruise.bus.v1.RevisionCreated.$Properties {
            }

            /** Represents a RevisionCreated. */
            class RevisionCreated {

                /**
                 * Constructs a new RevisionCreated.
                 * @param [properties] Properties to set
                 */
                constructor(properties?: kruise.bus.v1.RevisionCreated.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** RevisionCreated meta. */
                meta?: (kruise.bus.v1.EventMeta.$Properties|null);

                /** RevisionCreated owner. */
                owner?: (kruise.bus.v1.ObjectRef.$Properties|null);

                /** RevisionCreated revision. */
                revision?: (kruise.bus.v1.ObjectRef.$Properties|null);

                /** RevisionCreated revisionNumber. */
                revisionNumber: number;

                /** RevisionCreated hash. */
                hash: string;

                /**
                 * Creates a new RevisionCreated instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns RevisionCreated instance
                 */
                static create(properties: kruise.bus.v1.RevisionCreated.$Shape): kruise.bus.v1.RevisionCreated & kruise.bus.v1.RevisionCreated.$Shape;
                static create(properties?: kruise.bus.v1.RevisionCreated.$Properties): kruise.bus.v1.RevisionCreated;

                /**
                 * Encodes the specified RevisionCreated message. Does not implicitly {@link kruise.bus.v1.RevisionCreated.verify|verify} messages.
                 * @param message RevisionCreated message or plain object to encode
                 * @param [writer] Writer to encode to
                 * @returns Writer
                 */
                static encode(message: kruise.bus.v1.RevisionCreated.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Encodes the specified RevisionCreated message, length delimited. Does not implicitly {@link kruise.bus.v1.RevisionCreated.verify|verify} messages.
                 * @param message RevisionCreated message or plain object to encode
                 * @param [writer] Writer to encode to
                 * @returns Writer
                 */
                static encodeDelimited(message: kruise.bus.v1.RevisionCreated.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes a RevisionCreated message from the specified reader or buffer.
                 * @param reader Reader or buffer to decode from
                 * @param [length] Message length if known beforehand
                 * @returns {kruise.bus.v1.RevisionCreated & kruise.bus.v1.RevisionCreated.$Shape} RevisionCreated
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): kruise.bus.v1.RevisionCreated & kruise.bus.v1.RevisionCreated.$Shape;

                /**
                 * Decodes a RevisionCreated message from the specified reader or buffer, length delimited.
                 * @param reader Reader or buffer to decode from
                 * @returns {kruise.bus.v1.RevisionCreated & kruise.bus.v1.RevisionCreated.$Shape} RevisionCreated
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decodeDelimited(reader: ($protobuf.Reader|Uint8Array)): kruise.bus.v1.RevisionCreated & kruise.bus.v1.RevisionCreated.$Shape;

                /**
                 * Verifies a RevisionCreated message.
                 * @param message Plain object to verify
                 * @returns `null` if valid, otherwise the reason why it is not
                 */
                static verify(message: { [k: string]: any }): (string|null);

                /**
                 * Creates a RevisionCreated message from a plain object. Also converts values to their respective internal types.
                 * @param object Plain object
                 * @returns RevisionCreated
                 */
                static fromObject(object: { [k: string]: any }): kruise.bus.v1.RevisionCreated;

                /**
                 * Creates a plain object from a RevisionCreated message. Also converts values to other types if specified.
                 * @param message RevisionCreated
                 * @param [options] Conversion options
                 * @returns Plain object
                 */
                static toObject(message: kruise.bus.v1.RevisionCreated, options?: $protobuf.IConversionOptions): { [k: string]: any };

                /**
                 * Converts this RevisionCreated to JSON.
                 * @returns JSON object
                 */
                toJSON(): { [k: string]: any };

                /**
                 * Gets the type url for RevisionCreated
                 * @param [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns The type url
                 */
                static getTypeUrl(prefix?: string): string;
            }

            namespace RevisionCreated {

                /** Properties of a RevisionCreated. */
                interface $Properties {

                    /** RevisionCreated meta */
                    meta?: (kruise.bus.v1.EventMeta.$Properties|null);

                    /** RevisionCreated owner */
                    owner?: (kruise.bus.v1.ObjectRef.$Properties|null);

                    /** RevisionCreated revision */
                    revision?: (kruise.bus.v1.ObjectRef.$Properties|null);

                    /** RevisionCreated revisionNumber */
                    revisionNumber?: (number|null);

                    /** RevisionCreated hash */
                    hash?: (string|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of a RevisionCreated. */
                type $Shape = kruise.bus.v1.RevisionCreated.$Properties;
            }

            /** RolloutPhase enum. */
            enum RolloutPhase {

                /** ROLLOUT_PHASE_UNSPECIFIED value */
                ROLLOUT_PHASE_UNSPECIFIED = 0,

                /** ROLLOUT_PHASE_PROGRESSING value */
                ROLLOUT_PHASE_PROGRESSING = 1,

                /** ROLLOUT_PHASE_PAUSED value */
                ROLLOUT_PHASE_PAUSED = 2,

                /** ROLLOUT_PHASE_WAITING value */
                ROLLOUT_PHASE_WAITING = 3,

                /** ROLLOUT_PHASE_COMPLETE value */
                ROLLOUT_PHASE_COMPLETE = 4
            }

            /**
             * Properties of a RolloutProgress.
             * @deprecated Use kruise.bus.v1.RolloutProgress.$Properties instead.
             */
            interface IRolloutProgress extends kruise.bus.v1.RolloutProgress.$Properties {
            }

            /** Represents a RolloutProgress. */
            class RolloutProgress {

                /**
                 * Constructs a new RolloutProgress.
                 * @param [properties] Properties to set
                 */
                constructor(properties?: kruise.bus.v1.RolloutProgress.$Properties);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];

                /** RolloutProgress meta. */
                meta?: (kruise.bus.v1.EventMeta.$Properties|null);

                /** RolloutProgress workload. */
                workload?: (kruise.bus.v1.ObjectRef.$Properties|null);

                /** RolloutProgress generation. */
                generation: number;

                /** RolloutProgress observedGeneration. */
                observedGeneration: number;

                /** RolloutProgress updateRevision. */
                updateRevision: string;

                /** RolloutProgress currentRevision. */
                currentRevision: string;

                /** RolloutProgress replicas. */
                replicas: number;

                /** RolloutProgress updatedReplicas. */
                updatedReplicas: number;

                /** RolloutProgress readyReplicas. */
                readyReplicas: number;

                /** RolloutProgress availableReplicas. */
                availableReplicas: number;

                /** RolloutProgress updatedReadyReplicas. */
                updatedReadyReplicas: number;

                /** RolloutProgress updatePartition. */
                updatePartition: number;

                /** RolloutProgress phase. */
                phase: kruise.bus.v1.RolloutPhase;

                /** RolloutProgress reason. */
                reason: string;

                /** RolloutProgress message. */
                message: string;

                /**
                 * Creates a new RolloutProgress instance using the specified properties.
                 * @param [properties] Properties to set
                 * @returns RolloutProgress instance
                 */
                static create(properties: kruise.bus.v1.RolloutProgress.$Shape): kruise.bus.v1.RolloutProgress & kruise.bus.v1.RolloutProgress.$Shape;
                static create(properties?: kruise.bus.v1.RolloutProgress.$Properties): kruise.bus.v1.RolloutProgress;

                /**
                 * Encodes the specified RolloutProgress message. Does not implicitly {@link kruise.bus.v1.RolloutProgress.verify|verify} messages.
                 * @param message RolloutProgress message or plain object to encode
                 * @param [writer] Writer to encode to
                 * @returns Writer
                 */
                static encode(message: kruise.bus.v1.RolloutProgress.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Encodes the specified RolloutProgress message, length delimited. Does not implicitly {@link kruise.bus.v1.RolloutProgress.verify|verify} messages.
                 * @param message RolloutProgress message or plain object to encode
                 * @param [writer] Writer to encode to
                 * @returns Writer
                 */
                static encodeDelimited(message: kruise.bus.v1.RolloutProgress.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                /**
                 * Decodes a RolloutProgress message from the specified reader or buffer.
                 * @param reader Reader or buffer to decode from
                 * @param [length] Message length if known beforehand
                 * @returns {kruise.bus.v1.RolloutProgress & kruise.bus.v1.RolloutProgress.$Shape} RolloutProgress
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): kruise.bus.v1.RolloutProgress & kruise.bus.v1.RolloutProgress.$Shape;

                /**
                 * Decodes a RolloutProgress message from the specified reader or buffer, length delimited.
                 * @param reader Reader or buffer to decode from
                 * @returns {kruise.bus.v1.RolloutProgress & kruise.bus.v1.RolloutProgress.$Shape} RolloutProgress
                 * @throws {Error} If the payload is not a reader or valid buffer
                 * @throws {$protobuf.util.ProtocolError} If required fields are missing
                 */
                static decodeDelimited(reader: ($protobuf.Reader|Uint8Array)): kruise.bus.v1.RolloutProgress & kruise.bus.v1.RolloutProgress.$Shape;

                /**
                 * Verifies a RolloutProgress message.
                 * @param message Plain object to verify
                 * @returns `null` if valid, otherwise the reason why it is not
                 */
                static verify(message: { [k: string]: any }): (string|null);

                /**
                 * Creates a RolloutProgress message from a plain object. Also converts values to their respective internal types.
                 * @param object Plain object
                 * @returns RolloutProgress
                 */
                static fromObject(object: { [k: string]: any }): kruise.bus.v1.RolloutProgress;

                /**
                 * Creates a plain object from a RolloutProgress message. Also converts values to other types if specified.
                 * @param message RolloutProgress
                 * @param [options] Conversion options
                 * @returns Plain object
                 */
                static toObject(message: kruise.bus.v1.RolloutProgress, options?: $protobuf.IConversionOptions): { [k: string]: any };

                /**
                 * Converts this RolloutProgress to JSON.
                 * @returns JSON object
                 */
                toJSON(): { [k: string]: any };

                /**
                 * Gets the type url for RolloutProgress
                 * @param [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
                 * @returns The type url
                 */
                static getTypeUrl(prefix?: string): string;
            }

            namespace RolloutProgress {

                /** Properties of a RolloutProgress. */
                interface $Properties {

                    /** RolloutProgress meta */
                    meta?: (kruise.bus.v1.EventMeta.$Properties|null);

                    /** RolloutProgress workload */
                    workload?: (kruise.bus.v1.ObjectRef.$Properties|null);

                    /** RolloutProgress generation */
                    generation?: (number|null);

                    /** RolloutProgress observedGeneration */
                    observedGeneration?: (number|null);

                    /** RolloutProgress updateRevision */
                    updateRevision?: (string|null);

                    /** RolloutProgress currentRevision */
                    currentRevision?: (string|null);

                    /** RolloutProgress replicas */
                    replicas?: (number|null);

                    /** RolloutProgress updatedReplicas */
                    updatedReplicas?: (number|null);

                    /** RolloutProgress readyReplicas */
                    readyReplicas?: (number|null);

                    /** RolloutProgress availableReplicas */
                    availableReplicas?: (number|null);

                    /** RolloutProgress updatedReadyReplicas */
                    updatedReadyReplicas?: (number|null);

                    /** RolloutProgress updatePartition */
                    updatePartition?: (number|null);

                    /** RolloutProgress phase */
                    phase?: (kruise.bus.v1.RolloutPhase|null);

                    /** RolloutProgress reason */
                    reason?: (string|null);

                    /** RolloutProgress message */
                    message?: (string|null);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];
                }

                /** Shape of a RolloutProgress. */
                type $Shape = kruise.bus.v1.RolloutProgress.$Properties;
            }
        }
    }
}

/** Namespace google. */
export namespace google {

    /** Namespace protobuf. */
    namespace protobuf {

        /**
         * Properties of a Timestamp.
         * @deprecated Use google.protobuf.Timestamp.$Properties instead.
         */
        interface ITimestamp extends google.protobuf.Timestamp.$Properties {
        }

        /** Represents a Timestamp. */
        class Timestamp {

            /**
             * Constructs a new Timestamp.
             * @param [properties] Properties to set
             */
            constructor(properties?: google.protobuf.Timestamp.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** Timestamp seconds. */
            seconds: number;

            /** Timestamp nanos. */
            nanos: number;

            /**
             * Creates a new Timestamp instance using the specified properties.
             * @param [properties] Properties to set
             * @returns Timestamp instance
             */
            static create(properties: google.protobuf.Timestamp.$Shape): google.protobuf.Timestamp & google.protobuf.Timestamp.$Shape;
            static create(properties?: google.protobuf.Timestamp.$Properties): google.protobuf.Timestamp;

            /**
             * Encodes the specified Timestamp message. Does not implicitly {@link google.protobuf.Timestamp.verify|verify} messages.
             * @param message Timestamp message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: google.protobuf.Timestamp.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Encodes the specified Timestamp message, length delimited. Does not implicitly {@link google.protobuf.Timestamp.verify|verify} messages.
             * @param message Timestamp message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encodeDelimited(message: google.protobuf.Timestamp.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a Timestamp message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {google.protobuf.Timestamp & google.protobuf.Timestamp.$Shape} Timestamp
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): google.protobuf.Timestamp & google.protobuf.Timestamp.$Shape;

            /**
             * Decodes a Timestamp message from the specified reader or buffer, length delimited.
             * @param reader Reader or buffer to decode from
             * @returns {google.protobuf.Timestamp & google.protobuf.Timestamp.$Shape} Timestamp
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decodeDelimited(reader: ($protobuf.Reader|Uint8Array)): google.protobuf.Timestamp & google.protobuf.Timestamp.$Shape;

            /**
             * Verifies a Timestamp message.
             * @param message Plain object to verify
             * @returns `null` if valid, otherwise the reason why it is not
             */
            static verify(message: { [k: string]: any }): (string|null);

            /**
             * Creates a Timestamp message from a plain object. Also converts values to their respective internal types.
             * @param object Plain object
             * @returns Timestamp
             */
            static fromObject(object: { [k: string]: any }): google.protobuf.Timestamp;

            /**
             * Creates a plain object from a Timestamp message. Also converts values to other types if specified.
             * @param message Timestamp
             * @param [options] Conversion options
             * @returns Plain object
             */
            static toObject(message: google.protobuf.Timestamp, options?: $protobuf.IConversionOptions): { [k: string]: any };

            /**
             * Converts this Timestamp to JSON.
             * @returns JSON object
             */
            toJSON(): { [k: string]: any };

            /**
             * Gets the type url for Timestamp
             * @param [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns The type url
             */
            static getTypeUrl(prefix?: string): string;
        }

        namespace Timestamp {

            /** Properties of a Timestamp. */
            interface $Properties {

                /** Timestamp seconds */
                seconds?: (number|null);

                /** Timestamp nanos */
                nanos?: (number|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a Timestamp. */
            type $Shape = google.protobuf.Timestamp.$Properties;
        }
    }
}
