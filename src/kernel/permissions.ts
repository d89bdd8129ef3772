// Permission definitions. Every domain declares its own; the seed makes them nodes.

export interface PermissionDef {
  /** `resource:action` */
  name: string;
  description: string;
  /** Seeded roles (besides `admin`, which holds everything) that get this permission when it is first created. */
  defaultRoles?: readonly string[];
}

/** CRUD permissions for a resource; `:read` goes to `member`. */
export function crudPermissions(resource: string, noun: string): PermissionDef[] {
  return [
    { name: `${resource}:read`, description: `List and read ${noun}`, defaultRoles: ['member'] },
    { name: `${resource}:create`, description: `Create ${noun}` },
    { name: `${resource}:update`, description: `Update ${noun}` },
    { name: `${resource}:delete`, description: `Delete ${noun}` },
  ];
}

/** A role a domain seeds at start-up (created when missing, never changed afterwards). */
export interface RoleSeed {
  slug: string;
  name: string;
  description: string;
  grantsAll?: boolean;
}

export const SEEDED_ROLES = {
  admin: { name: 'Administrator', description: 'Holds every permission, including ones added later.' },
  member: { name: 'Member', description: 'Read access to the platform.' },
} as const;
