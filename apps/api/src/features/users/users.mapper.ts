import type { Employment, PersonalDetails, SessionUser, UserProfile } from '@taskhive/contract';
import type { UserRow } from './users.repo.ts';

/** Where the web loads a user's photo from: the API's file route, busted by the last change. */
export function profilePhotoUrl(row: {
  userId: string;
  profilePhotoPath: string | null;
  updatedAt: Date;
}): string | null {
  return row.profilePhotoPath ? `/api/CompanyUsers/photo/${row.userId}?v=${row.updatedAt.getTime()}` : null;
}

export function toUserProfile(row: UserRow): UserProfile {
  return {
    userId: row.userId,
    companyId: row.companyId,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    jobTitle: row.jobTitle,
    status: row.status as UserProfile['status'],
    roleId: row.roleId,
    roleName: row.roleName,
    departmentId: row.departmentId,
    departmentName: row.departmentName,
    profilePhotoUrl: profilePhotoUrl(row),
    timeZone: row.timeZone,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

type EmploymentRow = {
  employeeCode: string | null;
  employmentType: string | null;
  joiningDate: string | null;
  reportsToId: string | null;
  reportsToName: string | null;
  gender: string | null;
  dateOfBirth: string | null;
  bloodGroup: string | null;
  maritalStatus: string | null;
  address: string | null;
  emergencyContactName: string | null;
  emergencyContactRelation: string | null;
  emergencyContactPhone: string | null;
};

/** The employment fields (issue 24), shown to whoever may read the employee. */
export function toEmployment(row: EmploymentRow): Employment {
  return {
    employeeCode: row.employeeCode,
    employmentType: row.employmentType as Employment['employmentType'],
    joiningDate: row.joiningDate,
    reportsToId: row.reportsToId,
    reportsToName: row.reportsToId ? row.reportsToName : null,
  };
}

/** The personal fields (issue 24): only for readers `usersPolicy.canSeePersonal` admits. */
export function toPersonal(row: EmploymentRow): PersonalDetails {
  return {
    gender: row.gender as PersonalDetails['gender'],
    dateOfBirth: row.dateOfBirth,
    bloodGroup: row.bloodGroup as PersonalDetails['bloodGroup'],
    maritalStatus: row.maritalStatus as PersonalDetails['maritalStatus'],
    address: row.address,
    emergencyContactName: row.emergencyContactName,
    emergencyContactRelation: row.emergencyContactRelation,
    emergencyContactPhone: row.emergencyContactPhone,
  };
}

/** The signed-in user as the session payload names them. */
export function toSessionUser(row: UserRow & { companyName: string }): SessionUser {
  return {
    userId: row.userId,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.roleName ?? '',
    roleName: row.roleName ?? '',
    roleId: row.roleId,
    companyId: row.companyId,
    companyName: row.companyName,
    departmentName: row.departmentName,
    profilePhotoUrl: profilePhotoUrl(row),
    mustChangePassword: row.mustChangePassword,
  };
}
