/** The signed-in principal, from GET /auth/me. */
export interface Me {
  principal_type: string;
  principal_name: string;
  is_admin: boolean;
  permissions: string[];
}
